import type it from "../../it/pages/video";

export default {
  open: "Video",
  close: "Close the video",
} satisfies typeof it;
