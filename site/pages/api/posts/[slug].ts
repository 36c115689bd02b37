import type { NextApiRequest, NextApiResponse } from "next";

interface Post {
  slug: string;
  servedAt: string;
}

/**
 * A post as JSON, for clients other than the site's pages: an API route, as
 * Next.js's pages router has them. It answers GET (and HEAD); any other method
 * is refused here, with the methods it takes.
 */
export default function post(req: NextApiRequest, res: NextApiResponse<Post | { error: string }>) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).json({ error: `${req.method} is not allowed here` });
    return;
  }
  res.json({ slug: String(req.query.slug), servedAt: new Date().toISOString() });
}
