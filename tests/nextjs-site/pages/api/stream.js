/** An answer written in parts, over time. */
export default async function handler(req, res) {
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  for (const part of ["one ", "two ", "three"]) {
    res.write(part);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  res.end();
}
