// The hooks error trackers use (Sentry, Datadog): what they are called with is kept, for /api/errors.
type Seen = {
  message: string;
  path: string;
  method: string;
  routerKind: string;
  routePath: string;
  routeType: string;
};

const state = globalThis as unknown as { __teamRegistered?: number; __teamErrors?: Seen[] };

export function register() {
  state.__teamRegistered = (state.__teamRegistered ?? 0) + 1;
  state.__teamErrors = [];
}

export function onRequestError(
  error: unknown,
  request: { path: string; method: string },
  context: { routerKind: string; routePath: string; routeType: string },
) {
  state.__teamErrors?.push({
    message: (error as Error).message,
    path: request.path,
    method: request.method,
    routerKind: context.routerKind,
    routePath: context.routePath,
    routeType: context.routeType,
  });
}
