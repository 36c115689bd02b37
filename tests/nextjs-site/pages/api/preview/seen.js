/** What an API route is told of the modes. */
export default function handler(req, res) {
  res.json({
    preview: req.preview ?? null,
    draftMode: req.draftMode ?? null,
    previewData: req.previewData,
  });
}
