/** res.revalidate(path): the page at `path` is made again, on demand. */
export default async function handler(req, res) {
  await res.revalidate(req.query.path);
  res.json({ revalidated: req.query.path });
}
