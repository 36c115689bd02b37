/** res.redirect with a URL, or with a status and a URL. */
export default function handler(req, res) {
  if (req.query.status) res.redirect(Number(req.query.status), "/about");
  else res.redirect("/ssr/one");
}
