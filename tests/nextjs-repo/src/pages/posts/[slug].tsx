import { GetStaticPaths, GetStaticProps, InferGetStaticPropsType } from "next";
import { POSTS } from "@/lib/posts";

export const getStaticPaths: GetStaticPaths = ({ locales = [] }) => ({
  paths: locales.flatMap((locale) => POSTS.map((slug) => ({ params: { slug }, locale }))),
  fallback: false,
});

export const getStaticProps: GetStaticProps<{ slug: string; locale: string }> = ({
  params,
  locale,
}) => ({ props: { slug: String(params?.slug), locale: locale ?? "" } });

export default function Post({ slug, locale }: InferGetStaticPropsType<typeof getStaticProps>) {
  return (
    <main>
      <h1 id="post">{`Post ${slug} (${locale})`}</h1>
    </main>
  );
}
