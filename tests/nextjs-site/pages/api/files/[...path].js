/** A catch-all API route. */
export default function handler(req, res) {
  res.json({ route: "files/[...path]", query: req.query });
}
