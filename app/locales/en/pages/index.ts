import artDirection from "./art-direction";
import bio from "./bio";
import compositions from "./compositions";
import contacts from "./contacts";
import credits from "./credits";
import events from "./events";
import gallery from "./gallery";
import home from "./home";
import legal from "./legal";
import news from "./news";
import player from "./player";
import portfolio from "./portfolio";
import search from "./search";
import video from "./video";

/** The English texts of the public pages (namespace `pages`), one file per feature. */
export default { home, compositions, player, video, bio, news, artDirection, credits, gallery, portfolio, contacts, search, legal, events };
