/** What an API route is given: its method, query, cookies and parsed body. */
export default function handler(req, res) {
  res.status(200).json({
    method: req.method,
    query: req.query,
    cookies: req.cookies,
    body: req.body,
    bodyType: typeof req.body,
    middlewareRead: req.headers["x-middleware-read"] ?? null,
  });
}
