/** A route that answers GET and refuses other methods itself, as routes do. */
export default function handler(req, res) {
  if (req.method !== "GET") {
    res.setHeader("Allow", "GET");
    return res.status(405).json({ error: `${req.method} is not allowed` });
  }
  res.json({ ok: true });
}
