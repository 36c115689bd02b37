/** A route that reads its own body: bodyParser: false. */
export const config = { api: { bodyParser: false } };

export default async function handler(req, res) {
  let length = 0;
  for await (const chunk of req) length += chunk.length;
  res.json({ parsed: req.body !== undefined, length });
}
