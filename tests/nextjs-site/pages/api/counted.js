/** How many times pages/counted.js's getServerSideProps ran for `?key=`, in this process. */
export default function handler(req, res) {
  res.json({ calls: globalThis.__countedCalls?.[String(req.query.key ?? "")] ?? 0 });
}
