import { NextApiRequest, NextApiResponse } from "next";

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  res.status(200).json({ hello: req.query.name ?? "world", stage: process.env.NEXT_PUBLIC_STAGE });
}
