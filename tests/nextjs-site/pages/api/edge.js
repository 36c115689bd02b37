// An API route written for the Edge runtime: a Web Request in, a Response out,
// AsyncLocalStorage a global, a cookie set twice, the body read as the handler asks.
export const config = { runtime: "edge" };

const store = new AsyncLocalStorage();

export default async function handler(request) {
  const url = new URL(request.url);
  return store.run({ asked: url.searchParams.get("x") }, async () => {
    const body = request.method === "POST" ? await request.text() : null;
    await new Promise((done) => setTimeout(done, 5));
    const headers = new Headers({ "x-edge": "1" });
    headers.append("set-cookie", "a=1; Path=/");
    headers.append("set-cookie", "b=2; Path=/");
    return Response.json(
      { method: request.method, path: url.pathname, store: store.getStore(), body },
      { status: url.searchParams.get("status") === "201" ? 201 : 200, headers },
    );
  });
}
