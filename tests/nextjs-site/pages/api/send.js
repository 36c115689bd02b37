/** res.send with each kind of body. */
export default function handler(req, res) {
  switch (req.query.kind) {
    case "object":
      return res.send({ a: 1 });
    case "number":
      return res.send(42);
    case "buffer":
      return res.send(Buffer.from("bytes"));
    case "empty":
      return res.send(null);
    case "no-content":
      return res.status(204).send("ignored");
    default:
      return res.status(201).send("text");
  }
}
