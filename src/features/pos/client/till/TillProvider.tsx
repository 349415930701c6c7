import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { can } from '@/shared/permissions';
import { frenchTypography as fr } from '@/shared/typography';
import { formatMoney } from '@/shared/money';
import type { AgentRole } from '@/shared/roles';
import { toaster } from '@/client/shell/toaster';
import { afterNextPaint } from '@/client/after-paint';
import { mirrorChosenTill } from './chosen-till-cookie';
import { useAppDispatch } from '@/client/store';
import { invalidatePosOrders } from '../pos.api';
import type { Till } from '../../pos.schemas';
import {
  loadApprovers,
  loadCatalogueCursor,
  loadCategories,
  loadClients,
  loadProducts,
  loadTills,
  refreshTills,
  type Category,
} from '../offline/catalogue';
import { metaKey, readMeta, writeMeta } from '../offline/db';
import { listOutbox, type AppliedOutcome } from '../offline/outbox';
import { ProductIndex } from '../offline/product-index';
import { loadPricing, type TillPricingData } from '../offline/pricing';
import { TillSync, type SyncState } from '../offline/sync-engine';
import type { TillActor } from '../offline/till-ops';
import type { Approver, LocalSession, StoredClient, TillContext, TillIdentity } from '../offline/types';
import { reconcileSession } from './session-reconcile';
import { useTrackedStore, useTrackedValue, type TrackedStore, type TrackingRules } from './tracked-value';

export interface TillValue {
  shopId: string;
  userId: string;
  role: AgentRole;
  /** Admins and supervisors approve their own refunds and discounts. */
  canApprove: boolean;
  context: TillContext;
  identity: TillIdentity;
  money: (minor: number) => string;
  index: ProductIndex;
  /** Bumped when the catalogue or its stock changes, so screens re-read the index. */
  catalogueVersion: number;
  /** The tablet's copy was read from IndexedDB (it may be empty: see `index.cursor`). */
  isCatalogueLoaded: boolean;
  /** False: the tablet had chosen no till when its page was drawn (see TillProvider's prop). */
  hasLocalChoice: boolean;
  categories: Category[];
  clients: StoredClient[];
  reloadClients: () => Promise<void>;
  approvers: Approver[];
  /** The shop's discounts as last synced (null before the first copy): priced offline too. */
  pricing: TillPricingData | null;
  tills: Till[];
  till: Till | null;
  chooseTill: (tillId: string | null) => void;
  reloadTills: () => Promise<void>;
  /** The till list was fetched from the server at least once since the till opened. */
  areTillsFresh: boolean;
  session: LocalSession | null;
  /**
   * The till whose session is known (this tablet's record weighed against the server's): until it
   * is the chosen one, the till must not offer to open a session another tablet may have opened.
   */
  sessionTillId: string | null;
  sessionChanged: (session: LocalSession | null) => void;
  actor: TillActor | null;
  sync: TillSync;
  syncState: SyncState;
  /** Bumped when local sales change (a sale, a refund, a number from the server). */
  salesVersion: number;
  /** A local op changed stock: the grid shows it at once. */
  stockTaken: (changes: Array<{ variantId: string; delta: number }>) => void;
  /** A new op was written: send it and refresh the counters. */
  opWritten: () => void;
}

const TillReact = createContext<TrackedStore<TillValue> | null>(null);
const TRACKING: TrackingRules<TillValue> = {
  // The index changes in place: its counter says when (see catalogueVersion).
  alsoTracks: { index: 'catalogueVersion' },
  // A new object at each step of a sync: a screen that shows whether the till is online is not
  // redrawn by the pending count.
  deep: ['syncState'],
};

/** The till's shared state: the caller redraws when a field it read changes (tracked-value.ts). */
export function useTill(): TillValue {
  const store = useContext(TillReact);
  if (!store) throw new Error('useTill outside TillProvider');
  return useTrackedValue(store, TRACKING);
}

function singleActiveTill(tills: Till[]): string | null {
  const active = tills.filter((t) => t.isActive);
  return active.length === 1 ? active[0]!.id : null;
}

async function hasPendingFor(shopId: string, sessionId: string): Promise<boolean> {
  const entries = await listOutbox(shopId);
  return entries.some((e) => e.status === 'pending' && 'sessionId' in e.op && e.op.sessionId === sessionId);
}

/** Loads the till's data from IndexedDB, keeps it in sync with the server, and shares it. */
export function TillProvider(props: {
  identity: TillIdentity;
  context: TillContext;
  role: AgentRole;
  /** The tills the server just answered with the till's boot: the first screen needs no round more. */
  freshTills: Till[] | null;
  /**
   * False: the page was drawn for a tablet that has chosen no till (its cookie, till-device.ts), so
   * the choice of till is drawn from the server's tills at once, in the page's HTML, rather than
   * after what the tablet keeps has been read.
   */
  hasLocalChoice?: boolean;
  children: ReactNode;
}) {
  const { identity, context, role, freshTills } = props;
  const hasLocalChoice = props.hasLocalChoice ?? true;
  const shopId = context.shop.id;
  const userId = identity.userId;
  const indexRef = useRef(new ProductIndex());
  const [catalogueVersion, setCatalogueVersion] = useState(0);
  const [isCatalogueLoaded, setCatalogueLoaded] = useState(false);
  const [categories, setCategories] = useState<Category[]>([]);
  const [clients, setClients] = useState<StoredClient[]>([]);
  const [approvers, setApprovers] = useState<Approver[]>([]);
  const [pricing, setPricing] = useState<TillPricingData | null>(null);
  const [tills, setTills] = useState<Till[]>(freshTills ?? []);
  // A tablet with no till yet and a shop with one: that one, as once the tablet's data is read.
  const [tillId, setTillId] = useState<string | null>(() =>
    hasLocalChoice ? null : singleActiveTill(freshTills ?? []),
  );
  const [session, setSession] = useState<LocalSession | null>(null);
  const [sessionTillId, setSessionTillId] = useState<string | null>(null);
  const [areTillsFresh, setTillsFresh] = useState(freshTills !== null);
  const [salesVersion, setSalesVersion] = useState(0);
  const tillIdRef = useRef<string | null>(tillId);
  // The cashier chose a till before the tablet's data was read (the choice drawn by the server):
  // that choice stands over the one read.
  const hasChosenRef = useRef(false);

  const dispatch = useAppDispatch();
  const bump = useCallback(() => setCatalogueVersion((v) => v + 1), []);

  /** `isFresh`: the till list was just fetched from the server (not the copy kept offline). */
  const loadSession = useCallback(
    async (id: string | null, knownTills: Till[], isFresh: boolean) => {
      if (!id) {
        setSession(null);
        setSessionTillId(null);
        return;
      }
      const local = (await readMeta<LocalSession>(metaKey.session(shopId, id))) ?? null;
      const pending = local ? await hasPendingFor(shopId, local.id) : false;
      const next = reconcileSession(
        shopId,
        local,
        knownTills.find((t) => t.id === id),
        pending,
        isFresh,
      );
      if (next !== local) await writeMeta(metaKey.session(shopId, id), next);
      setSession(next?.status === 'open' ? next : null);
      // The till chosen meanwhile may be another: only the latest choice's session counts.
      if (tillIdRef.current === id) setSessionTillId(id);
    },
    [shopId],
  );

  const onTills = useCallback(async () => {
    const known = await loadTills(shopId);
    setTills(known);
    setTillsFresh(true);
    // A shop with a single till needs no choosing.
    const single = singleActiveTill(known);
    if (!tillIdRef.current && single) {
      tillIdRef.current = single;
      setTillId(single);
      mirrorChosenTill(shopId, single);
      await writeMeta(metaKey.chosenTill(shopId), single);
    }
    await loadSession(tillIdRef.current, known, true);
  }, [shopId, loadSession]);

  const sync = useMemo(
    () =>
      new TillSync(shopId, userId, {
        onCatalogue: (changed, cursor) => {
          const isFirstCopy = indexRef.current.cursor === undefined;
          indexRef.current.upsert(changed, cursor);
          // A page without changes redraws nothing, except the first one the tablet ever files:
          // an empty catalogue is then known to be empty, no longer « loading ».
          if (changed.length === 0) {
            if (isFirstCopy) bump();
            return;
          }
          bump();
          void loadCategories(shopId).then(setCategories);
        },
        onOutcome: (outcome: AppliedOutcome) => {
          // Orders and sessions the server now has changed: its answers cached before are stale.
          if (outcome.applied > 0) dispatch(invalidatePosOrders());
          for (const change of outcome.stock) indexRef.current.adjustStock(change.variantId, change.delta);
          if (outcome.stock.length) bump();
          setSalesVersion((v) => v + 1);
          for (const entry of outcome.rejected) {
            toaster.create({
              title: fr(`Refusé par le serveur : ${entry.summary}`),
              description: entry.error ?? undefined,
              type: 'error',
              duration: 8000,
            });
          }
        },
        onReference: (what) => {
          if (what === 'clients') void loadClients(shopId).then(setClients);
          if (what === 'approvers') void loadApprovers(shopId).then(setApprovers);
          if (what === 'pricing') void loadPricing(shopId).then((p) => setPricing(p ?? null));
          if (what === 'tills') void onTills();
        },
      }),
    [shopId, userId, bump, onTills, dispatch],
  );
  const syncState = useSyncExternalStore(sync.subscribe, sync.getState, sync.getState);

  useEffect(() => {
    let isCancelled = false;
    let cancelStart = () => {};
    void (async () => {
      // The cursor before the products: a page filed between the two reads leaves prices newer
      // than the cursor, which the server accepts; the other way round it would not.
      const cursor = await loadCatalogueCursor(shopId);
      const [products, cats, knownClients, knownApprovers, knownTills, chosen, knownPricing] =
        await Promise.all([
          loadProducts(shopId),
          loadCategories(shopId),
          loadClients(shopId),
          loadApprovers(shopId),
          freshTills ?? loadTills(shopId),
          readMeta<string>(metaKey.chosenTill(shopId)),
          loadPricing(shopId),
        ]);
      if (isCancelled) return;
      indexRef.current = new ProductIndex(products, cursor);
      setCategories(cats);
      setClients(knownClients);
      setApprovers(knownApprovers);
      setPricing(knownPricing ?? null);
      setTills(knownTills);
      const id = hasChosenRef.current
        ? tillIdRef.current
        : chosen && knownTills.some((t) => t.id === chosen)
          ? chosen
          : singleActiveTill(knownTills);
      tillIdRef.current = id;
      setTillId(id);
      mirrorChosenTill(shopId, id);
      await loadSession(id ?? null, knownTills, freshTills !== null);
      if (freshTills) {
        setTillsFresh(true);
        sync.tillsAreFresh();
      }
      setCatalogueLoaded(true);
      bump();
      // The first screen (the till to choose, the float, the sale) comes from what the tablet
      // keeps and the boot's answer: the sync's requests and their filing wait until it is painted.
      cancelStart = afterNextPaint(() => sync.start());
    })();
    return () => {
      isCancelled = true;
      cancelStart();
      sync.stop();
    };
  }, [shopId, freshTills, sync, loadSession, bump]);

  const chooseTill = useCallback(
    (id: string | null) => {
      hasChosenRef.current = true;
      tillIdRef.current = id;
      setTillId(id);
      mirrorChosenTill(shopId, id);
      void writeMeta(metaKey.chosenTill(shopId), id);
      void loadSession(id, tills, false);
    },
    [shopId, tills, loadSession],
  );

  const currency = context.shop.currency;
  // Stable, so memoized rows (cart lines, product cards) do not redraw when the provider does.
  const money = useCallback((minor: number) => formatMoney(minor, currency), [currency]);
  const till = tills.find((t) => t.id === tillId) ?? null;
  const cashierName = context.userName;
  const actor = useMemo<TillActor | null>(
    () =>
      till
        ? {
            shopId,
            userId,
            tillId: till.id,
            tillName: till.name,
            cashierName,
            currency: context.shop.currency,
          }
        : null,
    [till, shopId, userId, cashierName, context.shop.currency],
  );

  // The functions are stable: a reader that calls one is not redrawn by the provider's changes.
  const reloadClients = useCallback(async () => setClients(await loadClients(shopId)), [shopId]);
  const reloadTills = useCallback(async () => {
    await refreshTills(shopId);
    await onTills();
  }, [shopId, onTills]);
  const sessionChanged = useCallback(
    (next: LocalSession | null) => setSession(next?.status === 'open' ? next : null),
    [],
  );
  const stockTaken = useCallback(
    (changes: Array<{ variantId: string; delta: number }>) => {
      for (const change of changes) indexRef.current.adjustStock(change.variantId, change.delta);
      bump();
    },
    [bump],
  );
  const opWritten = useCallback(() => {
    setSalesVersion((v) => v + 1);
    sync.kick();
    void sync.count();
  }, [sync]);

  const store = useTrackedStore<TillValue>({
    shopId,
    userId,
    role,
    canApprove: can(role, 'pos:approve'),
    context,
    identity,
    money,
    index: indexRef.current,
    catalogueVersion,
    isCatalogueLoaded,
    hasLocalChoice,
    categories,
    clients,
    reloadClients,
    approvers,
    pricing,
    tills,
    till,
    chooseTill,
    reloadTills,
    areTillsFresh,
    session,
    sessionTillId,
    sessionChanged,
    actor,
    sync,
    syncState,
    salesVersion,
    stockTaken,
    opWritten,
  });
  return <TillReact.Provider value={store}>{props.children}</TillReact.Provider>;
}
