import Image from "next/image";

export default function ImagePage() {
  return (
    <main>
      <h1>Image</h1>
      <Image id="photo" src="/photo.png" alt="a photo" width={64} height={48} priority />
      <Image id="lazy" src="/photo.png" alt="lazy" width={32} height={24} />
    </main>
  );
}
