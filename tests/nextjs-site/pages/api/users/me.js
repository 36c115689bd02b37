export default function handler(req, res) {
  res.json({ route: "users/me", query: req.query });
}
