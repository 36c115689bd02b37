/**
 * `next/dist/shared/lib/router-context.shared-runtime`: the context `useRouter`
 * reads (next/router), for code that provides a router of its own, as Next.js's
 * test utilities and Storybook setups do: `<RouterContext.Provider value={router}>`.
 */
export { RouterContext } from "./router.tsx";
