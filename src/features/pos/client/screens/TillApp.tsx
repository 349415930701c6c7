import { Flex, Spinner } from '@/client/ui';
import { useRouter } from 'next/router';
import { memo, Suspense, useCallback, useRef, useState } from 'react';
import { toaster } from '@/client/shell/toaster';
import { frenchTypography as fr } from '@/shared/typography';
import { TillHeader } from '../components/TillHeader';
import { SessionGate } from '../components/SessionGate';
import { hasUnsyncedPosOps } from '../offline/unsynced';
import { useTill } from '../till/TillProvider';
import { useIsHydrated } from '@/client/hooks/use-is-hydrated';
import {
  LazyConflictsScreen,
  LazyHistoryScreen,
  LazyOutboxScreen,
  LazySessionScreen,
  LazySetPinDialog,
  LazySignOutDialog,
} from '../till/lazy';
import { parseView, type TillView } from '../till/views';
import { SellScreen } from './SellScreen';
import { LazyBoundary } from '../till/LazyBoundary';
import { touchTargetClass } from '../till/touch-targets';

/**
 * The till once its user and shop are known: the top bar and the screen asked for in ?vue=.
 * Memoized: a change of the page's next-auth session does not redraw the whole till.
 */
export const TillApp = memo(function TillApp() {
  const router = useRouter();
  const till = useTill();
  const view = parseView(router.query.vue);
  const [dialog, setDialog] = useState<'pin' | 'signOut' | null>(null);
  const isHydrated = useIsHydrated();

  // The bar's actions are stable (the router read when they run): the bar is memoized, and the
  // router and hydration changes that redraw this component do not redraw it.
  const routerRef = useRef(router);
  routerRef.current = router;
  const show = useCallback((next: TillView) => {
    const current = routerRef.current;
    const query = { ...current.query, vue: next };
    if (next === 'caisse') delete (query as Record<string, unknown>).vue;
    void current.replace({ pathname: current.pathname, query }, undefined, { shallow: true });
  }, []);

  const signOut = useCallback(async () => {
    if (await hasUnsyncedPosOps()) {
      toaster.create({
        title: 'Déconnexion impossible pour le moment',
        description: fr(
          'Des ventes ou opérations de la caisse ne sont pas encore synchronisées. Reconnectez la tablette au réseau et attendez « À jour ».',
        ),
        type: 'error',
        duration: 8000,
      });
      return;
    }
    setDialog('signOut');
  }, []);
  const setPin = useCallback(() => setDialog('pin'), []);
  const changeTill = useCallback(() => {
    till.chooseTill(null);
    show('caisse');
  }, [till, show]);
  const startSignOut = useCallback(() => void signOut(), [signOut]);

  const canSell = !!till.till && !!till.session;
  const loading = (
    <Flex flex="1" align="center" justify="center">
      <Spinner />
    </Flex>
  );
  return (
    <Flex
      direction="column"
      h="100dvh"
      overflow="hidden"
      className={touchTargetClass}
      // Drawn by the server (the choice of till in the page's HTML), it is shown before its script
      // runs: a tap then would be lost, so it is not offered one until then.
      inert={!isHydrated}
    >
      <TillHeader
        view={view}
        onView={show}
        onSetPin={setPin}
        onChangeTill={changeTill}
        onSignOut={startSignOut}
      />
      <Flex
        as="main"
        flex="1"
        minH="0"
        direction="column"
        overflow={view === 'caisse' && canSell ? 'hidden' : 'auto'}
      >
        <LazyBoundary key={view}>
          <Suspense fallback={loading}>
            {view === 'caisse' ? canSell ? <SellScreen key={till.till!.id} /> : <SessionGate /> : null}
            {view === 'ventes' ? <LazyHistoryScreen /> : null}
            {view === 'session' ? <LazySessionScreen /> : null}
            {view === 'envois' ? <LazyOutboxScreen /> : null}
            {view === 'conflits' ? <LazyConflictsScreen /> : null}
          </Suspense>
        </LazyBoundary>
      </Flex>
      <LazyBoundary key={dialog ?? 'none'} onClose={() => setDialog(null)}>
        <Suspense fallback={null}>
          {dialog === 'pin' ? <LazySetPinDialog onClose={() => setDialog(null)} /> : null}
          {dialog === 'signOut' ? <LazySignOutDialog onClose={() => setDialog(null)} /> : null}
        </Suspense>
      </LazyBoundary>
    </Flex>
  );
});
