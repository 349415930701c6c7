/* What a rider is, as screens and the API name it. */

export const RIDER_VEHICLES = ['moto', 'voiture', 'velo', 'tricycle', 'pied'] as const;
export type RiderVehicle = (typeof RIDER_VEHICLES)[number];
export const VEHICLE_LABELS: Record<RiderVehicle, string> = {
  moto: 'Moto',
  voiture: 'Voiture',
  velo: 'Vélo',
  tricycle: 'Tricycle',
  pied: 'À pied',
};

export const RIDER_KINDS = ['staff', 'freelance'] as const;
export type RiderKind = (typeof RIDER_KINDS)[number];
export const KIND_LABELS: Record<RiderKind, string> = {
  staff: 'Livreur de la boutique',
  freelance: 'Indépendant',
};

/**
 * The carriers a rider's deliveries are dispatched through. `manual`: the shop hands the parcel
 * and tells the rider itself. A carrier's API (Yango, Gozem…) is added as another driver here and
 * on the server, without touching the rest of the module.
 */
export const CARRIERS = ['manual'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = { manual: 'Géré par la boutique' };
