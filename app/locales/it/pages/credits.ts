// Texts of the credits page.
export default {
  heading: "Credits",
};
