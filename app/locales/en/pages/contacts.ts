import type it from "../../it/pages/contacts";

export default {
  heading: "Contacts",
  intro: "For information, collaborations or licence requests, write using the form below.",
  emailLabel: "Email",
  writeTo: "Or write to",
  name: "Name",
  email: "Email",
  message: "Message",
  privacyBefore: "I have read the ",
  privacyLink: "privacy notice",
  privacyAfter: " and consent to the processing of my data.",
  captchaImage: "Verification code",
  captchaCode: "Code",
  captchaHelp: "Type the characters you see in the image.",
  captchaAlternative: "Can't read the image? Instead of the code, tick the box below: your browser will do a short calculation.",
  refresh: "New code",
  send: "Send",
  sending: "Sending...",
  successTitle: "Request sent",
  successText: "The request has been sent successfully, you will be contacted soon.",
  honeypot: "Do not fill in this field",
} satisfies typeof it;
