// Texts of the portfolio page.
export default {
  heading: "Portfolio",
};
