/** An optional catch-all API route. */
export default function handler(req, res) {
  res.json({ route: "optional/[[...slug]]", query: req.query });
}
