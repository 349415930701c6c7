/*
 * The starter list the issue asks for: the communes of Dakar and of Abidjan, grouped the way a
 * motorbike rider prices them (centre, the rest of the city, the suburbs further out). A shop adds
 * them in one tap and then edits them freely; the fees are typical ones, to be changed.
 */

export const STARTER_CITIES = ['dakar', 'abidjan'] as const;
export type StarterCity = (typeof STARTER_CITIES)[number];

export interface StarterZone {
  name: string;
  fee: number;
  delay: string;
  communes: string[];
}

export const STARTER_ZONES: Record<StarterCity, { label: string; zones: StarterZone[] }> = {
  dakar: {
    label: 'Dakar',
    zones: [
      {
        name: 'Dakar centre',
        fee: 1000,
        delay: 'le jour même',
        communes: ['Dakar-Plateau', 'Médina', 'Gueule Tapée-Fass-Colobane', 'Fann-Point E-Amitié', 'Gorée'],
      },
      {
        name: 'Dakar ville',
        fee: 1500,
        delay: 'le jour même',
        communes: [
          'Biscuiterie',
          'Dieuppeul-Derklé',
          'Grand Dakar',
          'HLM',
          'Hann Bel-Air',
          'Sicap-Liberté',
          'Mermoz-Sacré-Cœur',
          'Ouakam',
          'Ngor',
          'Yoff',
          'Grand Yoff',
          'Patte d’Oie',
          'Parcelles Assainies',
          'Cambérène',
        ],
      },
      {
        name: 'Banlieue',
        fee: 2500,
        delay: 'sous 24 h',
        communes: ['Pikine', 'Guédiawaye', 'Thiaroye', 'Mbao', 'Keur Massar'],
      },
      {
        name: 'Rufisque et au-delà',
        fee: 3500,
        delay: 'sous 48 h',
        communes: ['Rufisque', 'Bargny', 'Diamniadio', 'Sébikotane'],
      },
    ],
  },
  abidjan: {
    label: 'Abidjan',
    zones: [
      {
        name: 'Abidjan sud',
        fee: 1000,
        delay: 'le jour même',
        communes: ['Plateau', 'Treichville', 'Marcory', 'Koumassi'],
      },
      {
        name: 'Abidjan nord',
        fee: 1500,
        delay: 'le jour même',
        communes: ['Cocody', 'Adjamé', 'Attécoubé', 'Abobo', 'Yopougon'],
      },
      {
        name: 'Périphérie d’Abidjan',
        fee: 2500,
        delay: 'sous 24 h',
        communes: ['Port-Bouët', 'Bingerville', 'Anyama', 'Songon'],
      },
    ],
  },
};

/** Every starter commune, for the commune field's suggestions. */
export const STARTER_COMMUNES: string[] = Object.values(STARTER_ZONES).flatMap((city) =>
  city.zones.flatMap((zone) => zone.communes),
);
