/** Preview mode on, with the data a CMS would give: the post to show. */
export default function handler(req, res) {
  res.setPreviewData({ post: req.query.post ?? "draft" }, { maxAge: 600 });
  res.status(200).send("preview on");
}
