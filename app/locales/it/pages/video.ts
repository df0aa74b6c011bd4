// Texts of the video window.
export default {
  open: "Video",
  close: "Chiudi il video",
};
