import { useRouter } from "next/router";

export default function Slug() {
  return <p id="slug">slug: {useRouter().query.slug}</p>;
}
