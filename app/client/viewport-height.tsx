import { useEffect } from "react";

/**
 * Mobile browsers whose `100vh` includes the space under their toolbars make
 * full-height layouts overflow. The CSS uses `100dvh` where it exists; elsewhere
 * it uses `--vh`, which this keeps equal to 1% of the real inner height.
 */
export function ViewportHeightSync() {
  useEffect(() => {
    const root = document.documentElement;
    const sync = () => root.style.setProperty("--vh", `${window.innerHeight / 100}px`);
    sync();
    window.addEventListener("resize", sync);
    window.visualViewport?.addEventListener("resize", sync);
    return () => {
      window.removeEventListener("resize", sync);
      window.visualViewport?.removeEventListener("resize", sync);
    };
  }, []);
  return null;
}
