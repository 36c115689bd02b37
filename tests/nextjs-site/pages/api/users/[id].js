/** A dynamic API route, and a static one beside it (users/me.js). */
export default function handler(req, res) {
  res.json({ route: "users/[id]", query: req.query });
}
