import { GetStaticPaths, GetStaticProps, InferGetStaticPropsType } from "next";
import { POSTS } from "@/lib/posts";

export const getStaticPaths: GetStaticPaths = ({ locales = [] }) => ({
  paths: locales.flatMap((locale) => POSTS.map((slug) => ({ params: { slug }, locale }))),
  fallback: false,
});

// Made by the build, as `next build` makes it, which tells its code so (NEXT_PHASE).
export const getStaticProps: GetStaticProps<{ slug: string; locale: string; phase: string }> = ({
  params,
  locale,
}) => ({
  props: {
    slug: String(params?.slug),
    locale: locale ?? "",
    phase: process.env.NEXT_PHASE ?? "unset",
  },
});

export default function Post({
  slug,
  locale,
  phase,
}: InferGetStaticPropsType<typeof getStaticProps>) {
  return (
    <main>
      <h1 id="post">{`Post ${slug} (${locale})`}</h1>
      <p id="phase">{`Made in ${phase}`}</p>
    </main>
  );
}
