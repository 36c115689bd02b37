import Image from "next/image";

// Given to the build alone (not in a .env file): written into the server's code and the browser's.
const BACKEND = process.env.NEXT_PUBLIC_BACKEND_ORIGIN ?? "http://127.0.0.1:9";

export default function RemoteImage() {
  return (
    <main>
      <p id="backend">{BACKEND.replace(/:\d+$/, ":PORT")}</p>
      <Image
        id="remote"
        src={`${BACKEND}/images/photo.png`}
        width={64}
        height={64}
        alt="A remote photo"
      />
    </main>
  );
}
