import { type AsyncRouteComponent, lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/**
 * A screen in its own chunk: the router loads it on first use and preloads it on intent (hover or
 * touch on a link to it). A chunk that fails to load (offline and not yet cached, or a deploy
 * removed it) reaches the root error page with its retry.
 * @example const WalletPage = lazyPage(() => import('../features/wallet/wallet-page'), 'WalletPage');
 */
export function lazyPage<TModule extends Record<string, unknown>, TKey extends keyof TModule>(
  load: () => Promise<TModule>,
  name: TKey,
): TModule[TKey] extends (props: infer P) => unknown ? AsyncRouteComponent<P> : never {
  return lazyRouteComponent(load, name as never) as never;
}

/** A route component that wraps a lazy screen (to pass it params) preloads that screen on intent. */
export function preloadWith(wrapper: RouteComponent | undefined, screen: AsyncRouteComponent<never>) {
  if (wrapper) wrapper.preload = screen.preload;
}
