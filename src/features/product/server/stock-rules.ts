import type { stockMovements } from '@/server/db/schema/product';
import { newId } from '@/server/ids';
import { AppError, Errors } from '@/server/http/errors';
import { MAX_STOCK, stockLimitMessage } from '@/shared/bounds';
import { describeDetails } from '@/shared/validation';
import type { StockReason } from '../product.schemas';

// The stock's rules, without the database: which batch passes, what it refuses with, and what it
// leaves behind (movements, low-stock crossings, shortfalls). changeStockBatch applies them to what
// its conditional update returns; stockWritesOfLockedVariants to the stock of rows already locked.

/** One change of one variant's count. */
export interface StockMove {
  variantId: string;
  /** Added (positive) or removed (negative). */
  quantity: number;
  /** The name a refusal quotes (« Robe wax (M / Rouge) »); without it, it says what is left only. */
  label?: string;
  /** The request's field a refusal past the stock's bounds names (`quantity` unless said). */
  field?: string;
}

/** What every move of a batch shares: the shop, who, why, and how strict the floor is. */
export interface StockBatch {
  shopId: string;
  userId: string | null;
  reason: StockReason;
  /** The movements' note (« Commande #1042 », « Import CSV »). */
  note?: string | null;
  /** Variants this transaction locked already (lockVariantsForSale): they are not locked again. */
  lockedVariantIds?: { has(variantId: string): boolean };
  /**
   * A sale that happened already (a till's, perhaps offline): its stock is taken even below zero
   * (down to −MAX_STOCK), and what the stock lacked comes back as `shortfalls` instead of a refusal.
   */
  allowBelowZero?: boolean;
}

/** A variant that went from above its product's threshold to at or below it. */
export interface LowStockCrossing {
  shopId: string;
  productId: string;
  productName: string;
  variantTitle: string;
  stock: number;
}

/** Units sold that the stock did not have (allowBelowZero). */
export interface StockShortfall {
  variantId: string;
  productName: string;
  variantName: string;
  missing: number;
  stockAfter: number;
}

export type StockMovementRow = Omit<typeof stockMovements.$inferInsert, 'note' | 'createdAt'>;

export interface StockBatchResult {
  /** One per move that changed something, in the order the moves were applied (variant id order). */
  movements: StockMovementRow[];
  crossings: LowStockCrossing[];
  shortfalls: StockShortfall[];
}

/** A variant as the batch left it: its stock after every move, and its product's. */
export interface VariantAfter {
  id: string;
  stock: number;
  productId: string;
  optionValues: string[];
  productName: string;
  trackStock: boolean;
  lowStockThreshold: number;
}

/** Per variant: the sum of its moves and the lowest and highest running totals they reach. */
export interface StockStep {
  delta: number;
  lowest: number;
  highest: number;
}

export const insufficientStock = (available: number) =>
  new AppError(
    'INSUFFICIENT_STOCK',
    409,
    `Stock insuffisant : il reste ${available} unité${available > 1 ? 's' : ''}.`,
  );

/** The moves that change something, by variant id; stable, so a variant's own moves keep their order. */
export function sortedMoves(moves: StockMove[]): StockMove[] {
  return moves
    .filter((m) => m.quantity !== 0)
    .sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
}

/** Per variant (in the moves' order): the sum of its moves and the lowest and highest points (0 at most, 0 at least). */
export function stepsByVariant(sorted: StockMove[]): Map<string, StockStep> {
  const steps = new Map<string, StockStep>();
  for (const move of sorted) {
    const step = steps.get(move.variantId) ?? { delta: 0, lowest: 0, highest: 0 };
    step.delta += move.quantity;
    step.lowest = Math.min(step.lowest, step.delta);
    step.highest = Math.max(step.highest, step.delta);
    steps.set(move.variantId, step);
  }
  return steps;
}

/** The floor a batch may take a stock down to. */
export const stockFloor = (batch: Pick<StockBatch, 'allowBelowZero'>) =>
  batch.allowBelowZero ? -MAX_STOCK : 0;

/**
 * Whether a variant's moves pass from `stock`: exactly when taking them one by one would never
 * have gone, removing, below the floor nor, adding, above MAX_STOCK (what a product's integer
 * total of 100 variants can hold). A stock already past a bound may still move back towards it.
 * changeStockBatch's update holds the same condition in SQL.
 */
export function stepPasses(stock: number, step: StockStep, floor: number): boolean {
  return (
    (step.lowest === 0 || stock + step.lowest >= floor) &&
    (step.highest === 0 || stock + step.highest <= MAX_STOCK)
  );
}

/**
 * The refusal for a variant whose moves failed from `stock`: past the stock's bounds, a 422 naming
 * the move's field; else the stock left when that move came (naming the product when the move did).
 */
export function refuseMoves(batch: StockBatch, sorted: StockMove[], variantId: string, stock: number): never {
  for (const move of sorted.filter((m) => m.variantId === variantId)) {
    const after = stock + move.quantity;
    const pastBound = move.quantity > 0 ? after > MAX_STOCK : batch.allowBelowZero && after < -MAX_STOCK;
    if (pastBound) {
      const details = { [move.field ?? 'quantity']: stockLimitMessage(move.label, after) };
      throw Errors.validation(details, describeDetails(details));
    }
    if (move.quantity < 0 && after < 0 && !batch.allowBelowZero) {
      const error = insufficientStock(stock);
      if (!move.label) throw error;
      throw new AppError(
        'INSUFFICIENT_STOCK',
        409,
        `Stock insuffisant pour « ${move.label} » : ${error.message.replace(/^Stock insuffisant\s:\s/, '')}`,
        { variantId: move.variantId },
      );
    }
    stock = after;
  }
  throw insufficientStock(stock);
}

/**
 * The batch replayed move by move from what it left: each movement's stock after it, the
 * thresholds crossed on the way, and (allowBelowZero) what the stock lacked.
 */
export function replayMoves(
  batch: StockBatch,
  sorted: StockMove[],
  steps: ReadonlyMap<string, StockStep>,
  after: ReadonlyMap<string, VariantAfter>,
): StockBatchResult {
  const running = new Map([...after.values()].map((v) => [v.id, v.stock - steps.get(v.id)!.delta]));
  const crossings: LowStockCrossing[] = [];
  const movements: StockMovementRow[] = [];
  for (const move of sorted) {
    const variant = after.get(move.variantId)!;
    const before = running.get(variant.id)!;
    const stock = before + move.quantity;
    running.set(variant.id, stock);
    movements.push({
      id: newId(),
      shopId: batch.shopId,
      productId: variant.productId,
      variantId: variant.id,
      quantity: move.quantity,
      stockAfter: stock,
      reason: batch.reason,
      userId: batch.userId,
    });
    if (variant.trackStock && before > variant.lowStockThreshold && stock <= variant.lowStockThreshold)
      crossings.push({
        shopId: batch.shopId,
        productId: variant.productId,
        productName: variant.productName,
        variantTitle: variant.optionValues.join(' / '),
        stock,
      });
  }
  const shortfalls: StockShortfall[] = [];
  if (batch.allowBelowZero)
    for (const v of after.values()) {
      const taken = -steps.get(v.id)!.delta;
      if (v.stock >= 0 || taken <= 0) continue;
      shortfalls.push({
        variantId: v.id,
        productName: v.productName,
        variantName: v.optionValues.join(' / '),
        missing: Math.min(taken, -v.stock),
        stockAfter: v.stock,
      });
    }
  return { movements, crossings, shortfalls };
}
