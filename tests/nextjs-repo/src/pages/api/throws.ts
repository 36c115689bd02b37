import type { NextApiRequest, NextApiResponse } from "next";

export default function handler(req: NextApiRequest, _res: NextApiResponse) {
  throw new Error(`api ${String(req.query.tag)}`);
}
