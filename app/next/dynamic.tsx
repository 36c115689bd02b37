/**
 * `next/dynamic`: a component whose code loads when it first renders, in a
 * chunk of its own. `loading` shows while it loads; `ssr: false` renders it in
 * the browser only (the server and the hydrating browser show `loading`).
 */
import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from "react";

export interface LoadingProps {
  error?: Error | null;
  isLoading?: boolean;
  pastDelay?: boolean;
  retry?: () => void;
  timedOut?: boolean;
}

type Loaded<P> = ComponentType<P> | { default: ComponentType<P> };
type Loader<P> = () => Promise<Loaded<P>>;

export interface DynamicOptions<P> {
  loader?: Loader<P> | Promise<Loaded<P>>;
  loading?: (props: LoadingProps) => ReactNode;
  ssr?: boolean;
  loadableGenerated?: unknown;
}

const noSubscription = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export default function dynamic<P extends object = object>(
  loaderOrOptions: Loader<P> | Promise<Loaded<P>> | DynamicOptions<P>,
  options: DynamicOptions<P> = {},
): ComponentType<P> {
  const merged: DynamicOptions<P> =
    typeof loaderOrOptions === "function" || loaderOrOptions instanceof Promise
      ? { ...options, loader: loaderOrOptions }
      : { ...loaderOrOptions, ...options };
  const { loader, loading: Loading, ssr = true } = merged;
  if (!loader) throw new Error("next/dynamic needs a loader: dynamic(() => import('./component'))");
  const load = typeof loader === "function" ? loader : () => loader;
  const Lazy = lazy(async () => {
    const loaded = await load();
    return { default: "default" in loaded ? loaded.default : loaded };
  });
  const fallback = Loading ? <Loading isLoading pastDelay error={null} /> : null;

  function DynamicComponent(props: P) {
    const hydrated = useHydrated();
    if (!ssr && !hydrated) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return DynamicComponent;
}
