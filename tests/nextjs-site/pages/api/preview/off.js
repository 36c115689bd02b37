/** Preview mode off. */
export default function handler(_req, res) {
  res.clearPreviewData();
  res.status(200).send("preview off");
}
