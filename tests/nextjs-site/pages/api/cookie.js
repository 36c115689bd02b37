/** Sets a cookie and says which it got. */
export default function handler(req, res) {
  res.setHeader("Set-Cookie", "flavour=oat; Path=/; HttpOnly");
  res.json({ got: req.cookies });
}
