/** A route with a body limit of its own. */
export const config = { api: { bodyParser: { sizeLimit: "1kb" } } };

export default function handler(req, res) {
  res.json({ length: JSON.stringify(req.body).length });
}
