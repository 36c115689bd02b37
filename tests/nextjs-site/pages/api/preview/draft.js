/** Draft mode on, or off with ?off. */
export default function handler(req, res) {
  res.setDraftMode({ enable: req.query.off === undefined });
  res.status(200).send(req.query.off === undefined ? "draft on" : "draft off");
}
