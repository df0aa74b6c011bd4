// Demo content for the database seed (data only, no imports).
// Fictional composer: Elena Marchetti. People and works are invented; the concerts' venues are real halls.

export type DemoCategory = { name: string; nameEng: string; type: "news" | "music" | "lable" | "about" | "bio" | "credits" | "gallery" };
export type DemoMusic = {
  title: string;
  titleEng?: string;
  category: string;
  description: string;
  descriptionEng: string;
  link?: string;
  videos?: string;
  tracks: string[];
};
export type DemoNews = { title: string; titleEng: string; category: string; date: string; description: string; descriptionEng: string; attachments: string[] };

export const demoCategories: DemoCategory[] = [
  { name: "COLONNE SONORE", nameEng: "SOUNDTRACKS", type: "music" },
  { name: "MUSICA DA CONCERTO", nameEng: "CONCERT MUSIC", type: "music" },
  { name: "SOUND DESIGN", nameEng: "SOUND DESIGN", type: "music" },
  { name: "TEATRO", nameEng: "THEATRE", type: "music" },
  { name: "Eventi", nameEng: "Events", type: "news" },
  { name: "Uscite", nameEng: "Releases", type: "news" },
  { name: "Premi", nameEng: "Awards", type: "news" },
  { name: "Aulicus Classics", nameEng: "Aulicus Classics", type: "lable" },
  { name: "Nebbia Records", nameEng: "Nebbia Records", type: "lable" },
  { name: "Officina Sonora", nameEng: "Officina Sonora", type: "lable" },
  { name: "Chi sono", nameEng: "About me", type: "about" },
  { name: "Formazione", nameEng: "Education", type: "bio" },
  { name: "Carriera", nameEng: "Career", type: "bio" },
  { name: "Riconoscimenti", nameEng: "Recognition", type: "bio" },
  { name: "Musicisti", nameEng: "Musicians", type: "credits" },
  { name: "Collaboratori", nameEng: "Collaborators", type: "credits" },
  { name: "Produzione", nameEng: "Production", type: "credits" },
  { name: "Concerti", nameEng: "Concerts", type: "gallery" },
  { name: "Studio", nameEng: "Studio", type: "gallery" },
  { name: "Backstage", nameEng: "Backstage", type: "gallery" },
];

export const demoMusic: DemoMusic[] = [
  {
    title: "Il confine dell'acqua",
    category: "COLONNE SONORE",
    description:
      "Colonna sonora del lungometraggio d'esordio, scritta per archi, pianoforte preparato ed elettronica. Premio Anima Sonora 2014 per la migliore musica di un'opera prima.",
    descriptionEng:
      "Score for the debut feature film, written for strings, prepared piano and electronics. Winner of the 2014 Anima Sonora Prize for the best music in a debut feature.",
    tracks: ["Titoli di testa", "Le valli all'alba", "Il confine", "Barche nella nebbia", "Titoli di coda"],
  },
  {
    title: "Nebbia su Ferrara",
    titleEng: "Fog over Ferrara",
    category: "COLONNE SONORE",
    description:
      "Le musiche delle due stagioni della serie poliziesca ambientata tra le mura estensi. Un tema per violoncello solo attraversa tutti gli episodi.",
    descriptionEng: "Music for both seasons of the crime series set within Ferrara's old city walls. A theme for solo cello runs through every episode.",
    videos: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    tracks: ["Sigla", "Le mura", "Il viale dei tigli", "Interrogatorio", "La nebbia sale", "Finale di stagione"],
  },
  {
    title: "Perché la notte",
    category: "COLONNE SONORE",
    description:
      "Il cortometraggio che ha segnato l'inizio del sodalizio con la regista Francesca Santoro. Un unico tema per pianoforte e sintetizzatore analogico.",
    descriptionEng: "The short film that began her partnership with director Francesca Santoro. A single theme for piano and analogue synthesizer.",
    tracks: ["Perché la notte (tema)"],
  },
  {
    title: "Le stanze di Adele",
    titleEng: "Adele's Rooms",
    category: "COLONNE SONORE",
    description:
      "Una partitura intima per arpa, quartetto d'archi e voce, che segue la protagonista di stanza in stanza. Candidata come miglior colonna sonora ai Premi della Critica Cinematografica Emiliana.",
    descriptionEng:
      "An intimate score for harp, string quartet and voice that follows the protagonist from room to room. Nominated for best score at the Emilian Film Critics' Awards.",
    tracks: ["La prima stanza", "Lettere mai spedite", "Adele"],
  },
  {
    title: "Terra di mezzo giorno",
    category: "COLONNE SONORE",
    description: "Musiche per il documentario sugli ulivi secolari del Salento: violoncello, elettronica e registrazioni raccolte sul posto.",
    descriptionEng: "Music for the documentary about the ancient olive trees of Salento: cello, electronics and recordings made on location.",
    tracks: ["Ulivi", "Mezzogiorno"],
  },
  {
    title: "L'ultima estate a Comacchio",
    category: "COLONNE SONORE",
    description:
      "Un racconto di formazione ambientato sul delta del Po. La colonna sonora alterna un'orchestra d'archi a vecchie canzoni da balera rilette in chiave elettronica.",
    descriptionEng:
      "A coming-of-age story set on the Po delta. The score alternates a string orchestra with old dance-hall songs reimagined through electronics.",
    tracks: ["Agosto", "Le anguille", "Bicicletta sull'argine", "L'ultima estate"],
  },
  {
    title: "Segnali dal porto",
    category: "COLONNE SONORE",
    description:
      "Musiche per la docuserie sui porti dell'Adriatico, pubblicate da Nebbia Records. La scheda rimanda alla voce dell'enciclopedia sul mare che ha ispirato la serie.",
    descriptionEng:
      "Music for the docuseries about the ports of the Adriatic, released by Nebbia Records. The card links to the encyclopedia entry on the sea that inspired the series.",
    link: "https://en.wikipedia.org/wiki/Adriatic_Sea",
    tracks: [],
  },
  {
    title: "Quaderno di Ravenna",
    titleEng: "Ravenna Notebook",
    category: "MUSICA DA CONCERTO",
    description:
      "Quartetto d'archi in quattro movimenti ispirato ai mosaici e alla pineta di Ravenna, registrato dal Quartetto Aurelio per la collana «Contemporanea».",
    descriptionEng:
      "A string quartet in four movements inspired by Ravenna's mosaics and pine forest, recorded by the Quartetto Aurelio for the «Contemporanea» series.",
    tracks: ["I. Mosaico", "II. Pineta", "III. Notturno", "IV. Il mare lontano"],
  },
  {
    title: "Risonanze",
    titleEng: "Resonances",
    category: "MUSICA DA CONCERTO",
    description: "Brano per pianoforte e nastro magnetico: il pianoforte dialoga con le proprie risonanze registrate e rallentate.",
    descriptionEng: "A piece for piano and magnetic tape: the piano converses with its own recorded, slowed-down resonances.",
    tracks: ["Risonanze"],
  },
  {
    title: "Canti della pianura",
    titleEng: "Songs of the Plain",
    category: "MUSICA DA CONCERTO",
    description: "Ciclo per soprano ed ensemble su testi di poeti emiliani contemporanei, tra canto popolare e scrittura d'avanguardia.",
    descriptionEng: "A cycle for soprano and ensemble on texts by contemporary poets from Emilia, between folk song and avant-garde writing.",
    tracks: ["Il pioppo", "Nebbia di novembre", "Ninna nanna dell'argine"],
  },
  {
    title: "Il fiume lento",
    titleEng: "The Slow River",
    category: "MUSICA DA CONCERTO",
    description: "Concerto per violoncello e orchestra in tre movimenti, dalla sorgente al delta. Prima esecuzione assoluta a Milano nel novembre 2025.",
    descriptionEng: "A concerto for cello and orchestra in three movements, from the source to the delta. World premiere in Milan in November 2025.",
    tracks: ["I. Sorgente", "II. Lanca", "III. Delta"],
  },
  {
    title: "Notturno urbano",
    titleEng: "Urban Nocturne",
    category: "MUSICA DA CONCERTO",
    description:
      "Poema sinfonico per orchestra ed elettronica dedicato a Milano di notte, nella tradizione del notturno. La scheda rimanda alla storia della forma.",
    descriptionEng:
      "A symphonic poem for orchestra and electronics devoted to Milan at night, in the tradition of the nocturne. The card links to the history of the form.",
    link: "https://en.wikipedia.org/wiki/Nocturne",
    tracks: [],
  },
  {
    title: "Sale d'acqua",
    titleEng: "Salt Waters",
    category: "SOUND DESIGN",
    description: "Installazione sonora per trentadue altoparlanti e vasche d'acqua salata, presentata a Venezia nel 2024.",
    descriptionEng: "A sound installation for thirty-two speakers and tanks of salt water, presented in Venice in 2024.",
    tracks: ["Sale d'acqua (estratto binaurale)"],
  },
  {
    title: "Echoes of Lumen",
    category: "SOUND DESIGN",
    description: "Colonna sonora e sound design del videogioco d'avventura: una partitura adattiva che cambia con le scelte del giocatore.",
    descriptionEng: "Score and sound design for the adventure video game: an adaptive score that changes with the player's choices.",
    tracks: ["Main Menu", "The Glass Forest", "Lumen Awakens", "Tide Engine", "End Credits"],
  },
  {
    title: "Respiro della città",
    category: "SOUND DESIGN",
    description: "Installazione sonora costruita con registrazioni sul campo raccolte in ventiquattro ore di vita milanese.",
    descriptionEng: "A sound installation built from field recordings gathered over twenty-four hours of life in Milan.",
    tracks: ["Mattino, stazione", "Sera, Navigli"],
  },
  {
    title: "Medea, frammenti",
    category: "TEATRO",
    description: "Musiche di scena per una riscrittura contemporanea della tragedia, eseguite dal vivo da percussioni e voce.",
    descriptionEng: "Incidental music for a contemporary rewriting of the tragedy, performed live by percussion and voice.",
    tracks: ["Prologo", "Il coro delle donne", "Fuoco"],
  },
  {
    title: "Il giardino dei ciliegi",
    titleEng: "The Cherry Orchard",
    category: "TEATRO",
    description: "Musiche di scena con pianoforte in palcoscenico e ambienti sonori registrati. Premio della critica al festival Teatri di Pianura.",
    descriptionEng: "Incidental music with an on-stage piano and recorded soundscapes. Winner of the critics' prize at the Teatri di Pianura festival.",
    tracks: ["Valzer del terzo atto", "L'ascia"],
  },
  {
    title: "La tempesta – suite",
    category: "TEATRO",
    description: "Suite da concerto tratta dalle musiche per lo spettacolo, per clarinetto, fisarmonica ed elettronica.",
    descriptionEng: "A concert suite drawn from the music for the production, for clarinet, accordion and electronics.",
    tracks: ["La tempesta – suite"],
  },
];

/**
 * Issue 36: the catalogue data of the demo compositions, by title (realistic instrumentation,
 * durations, premieres). `scorePages`: the seed makes a perusal score of that many pages.
 */
export type DemoCatalogue = {
  year: number;
  durationMinutes: number;
  ensemble: string;
  instrumentation: string;
  instrumentationEng?: string;
  instruments: string[];
  premiere?: string;
  premiereEng?: string;
  commission?: string;
  commissionEng?: string;
  publisher?: string;
  scorePages?: number;
};

export const demoCatalogue: Record<string, DemoCatalogue> = {
  "Il confine dell'acqua": {
    year: 2014,
    durationMinutes: 48,
    ensemble: "media",
    instrumentation: "archi, pianoforte preparato, elettronica",
    instrumentationEng: "strings, prepared piano, electronics",
    instruments: ["strings", "piano", "electronics"],
    commission: "Delta Film per il lungometraggio «Il confine dell'acqua»",
    commissionEng: "Delta Film for the feature film «Il confine dell'acqua»",
  },
  "Nebbia su Ferrara": {
    year: 2019,
    durationMinutes: 62,
    ensemble: "media",
    instrumentation: "violoncello solo, archi, pianoforte, sintetizzatori",
    instrumentationEng: "solo cello, strings, piano, synthesizers",
    instruments: ["cello", "strings", "piano", "synthesizer"],
    publisher: "Nebbia Records",
  },
  "Perché la notte": {
    year: 2016,
    durationMinutes: 4.5,
    ensemble: "media",
    instrumentation: "pianoforte, archi",
    instrumentationEng: "piano, strings",
    instruments: ["piano", "strings"],
  },
  "Le stanze di Adele": {
    year: 2021,
    durationMinutes: 38,
    ensemble: "media",
    instrumentation: "clarinetto, pianoforte, quartetto d'archi",
    instrumentationEng: "clarinet, piano, string quartet",
    instruments: ["clarinet", "piano", "violin", "viola", "cello"],
  },
  "Quaderno di Ravenna": {
    year: 2023,
    durationMinutes: 24,
    ensemble: "chamber",
    instrumentation: "quartetto d'archi (2 vl, vla, vc)",
    instrumentationEng: "string quartet (2 vn, va, vc)",
    instruments: ["violin", "viola", "cello"],
    premiere: "Quartetto Aurelio, Ravenna, Basilica di San Vitale, 14 giugno 2023",
    premiereEng: "Quartetto Aurelio, Ravenna, Basilica of San Vitale, 14 June 2023",
    commission: "Ravenna Festival",
    commissionEng: "Ravenna Festival",
    publisher: "Edizioni Aulicus",
    scorePages: 36,
  },
  Risonanze: {
    year: 2018,
    durationMinutes: 11,
    ensemble: "solo",
    instrumentation: "pianoforte e nastro magnetico",
    instrumentationEng: "piano and magnetic tape",
    instruments: ["piano", "tape"],
    premiere: "Marta Bellini, Bologna, Teatro San Leonardo, 3 marzo 2018",
    premiereEng: "Marta Bellini, Bologna, Teatro San Leonardo, 3 March 2018",
    scorePages: 12,
  },
  "Canti della pianura": {
    year: 2024,
    durationMinutes: 19.5,
    ensemble: "voice",
    instrumentation: "soprano; fl, cl, vl, vc, pf, perc",
    instrumentationEng: "soprano; fl, cl, vn, vc, pf, perc",
    instruments: ["soprano", "flute", "clarinet", "violin", "cello", "piano", "percussion"],
    premiere: "Sara Lombardi, Ensemble Meridiana, Modena, Teatro Comunale, 9 marzo 2024",
    premiereEng: "Sara Lombardi, Ensemble Meridiana, Modena, Teatro Comunale, 9 March 2024",
    commission: "Fondazione Musica Emilia",
    commissionEng: "Fondazione Musica Emilia",
    publisher: "Edizioni Aulicus",
  },
  "Il fiume lento": {
    year: 2025,
    durationMinutes: 27,
    ensemble: "orchestra",
    instrumentation: "violoncello solista; 2.2.2.2 – 4.2.3.1 – timp, 2 perc, arpa – archi",
    instrumentationEng: "solo cello; 2.2.2.2 – 4.2.3.1 – timp, 2 perc, harp – strings",
    instruments: ["cello", "flute", "oboe", "clarinet", "bassoon", "horn", "trumpet", "trombone", "tuba", "timpani", "percussion", "harp", "strings"],
    premiere: "Giulia Ferri, Orchestra Sinfonica di Milano, Milano, Auditorium di Milano, 15 novembre 2025",
    premiereEng: "Giulia Ferri, Orchestra Sinfonica di Milano, Milan, Auditorium di Milano, 15 November 2025",
    commission: "Orchestra Sinfonica di Milano",
    commissionEng: "Orchestra Sinfonica di Milano",
    publisher: "Edizioni Aulicus",
    scorePages: 84,
  },
  "Notturno urbano": {
    year: 2022,
    durationMinutes: 16,
    ensemble: "orchestra",
    instrumentation: "2.2.2.2 – 2.2.1.0 – 2 perc – archi; elettronica",
    instrumentationEng: "2.2.2.2 – 2.2.1.0 – 2 perc – strings; electronics",
    instruments: ["flute", "oboe", "clarinet", "bassoon", "horn", "trumpet", "trombone", "percussion", "strings", "electronics"],
  },
  "Sale d'acqua": {
    year: 2020,
    durationMinutes: 14,
    ensemble: "electronics",
    instrumentation: "elettronica (binaurale)",
    instrumentationEng: "electronics (binaural)",
    instruments: ["electronics"],
  },
  "Echoes of Lumen": {
    year: 2023,
    durationMinutes: 65,
    ensemble: "media",
    instrumentation: "sintetizzatori modulari, archi, voci",
    instrumentationEng: "modular synthesizers, strings, voices",
    instruments: ["synthesizer", "strings", "voice"],
    publisher: "Officina Sonora",
  },
  "Medea, frammenti": {
    year: 2017,
    durationMinutes: 35,
    ensemble: "media",
    instrumentation: "percussioni e voce dal vivo",
    instrumentationEng: "live percussion and voice",
    instruments: ["percussion", "voice"],
    premiere: "Teatro delle Briciole, Parma, 12 ottobre 2017",
    premiereEng: "Teatro delle Briciole, Parma, 12 October 2017",
  },
  "Il giardino dei ciliegi": {
    year: 2019,
    durationMinutes: 42,
    ensemble: "media",
    instrumentation: "pianoforte in scena, ambienti sonori registrati",
    instrumentationEng: "on-stage piano, recorded soundscapes",
    instruments: ["piano", "tape"],
  },
  "La tempesta – suite": {
    year: 2021,
    durationMinutes: 13,
    ensemble: "chamber",
    instrumentation: "clarinetto, fisarmonica, elettronica",
    instrumentationEng: "clarinet, accordion, electronics",
    instruments: ["clarinet", "accordion", "electronics"],
    premiere: "Trio Burrasca, Ferrara, Teatro Comunale, 5 maggio 2021",
    premiereEng: "Trio Burrasca, Ferrara, Teatro Comunale, 5 May 2021",
  },
};

export const demoNews: DemoNews[] = [
  {
    title: "Esce «Quaderno di Ravenna» per Aulicus Classics",
    titleEng: "«Ravenna Notebook» out now on Aulicus Classics",
    category: "Uscite",
    date: "2024-01-18",
    description:
      "<p>È disponibile da oggi <strong>«Quaderno di Ravenna»</strong>, il quartetto d'archi in quattro movimenti registrato dal <em>Quartetto Aurelio</em> per la collana «Contemporanea» di Aulicus Classics.</p><p>Il disco è stato registrato in tre giornate nella pieve di un piccolo borgo appenninico, scelta per la sua acustica naturale. Il CD include anche due brani per quartetto e nastro magnetico inediti.</p><p>I mosaici che hanno ispirato il quartetto fanno parte dei <a href=\"https://it.wikipedia.org/wiki/Monumenti_paleocristiani_di_Ravenna\">monumenti paleocristiani di Ravenna</a>, patrimonio dell'UNESCO.</p>",
    descriptionEng:
      '<p><strong>«Ravenna Notebook»</strong>, the four-movement string quartet recorded by the <em>Quartetto Aurelio</em> for Aulicus Classics\' «Contemporanea» series, is out today.</p><p>The album was recorded over three days in a parish church in a small Apennine village, chosen for its natural acoustics. The CD also includes two previously unreleased pieces for quartet and magnetic tape.</p><p>The mosaics that inspired the quartet are among the <a href="https://en.wikipedia.org/wiki/Early_Christian_Monuments_of_Ravenna">Early Christian Monuments of Ravenna</a>, a UNESCO World Heritage Site.</p>',
    attachments: ["Comunicato stampa.pdf", "Copertina alta risoluzione.jpg"],
  },
  {
    title: "Prima assoluta di «Canti della pianura» a Bologna",
    titleEng: "World premiere of «Songs of the Plain» in Bologna",
    category: "Eventi",
    date: "2024-03-09",
    description:
      "<p>Sabato 9 marzo, alle ore 21, l'<strong>Ensemble Meridiana</strong> e il soprano <strong>Sara Lombardi</strong> presentano in prima assoluta il ciclo <em>«Canti della pianura»</em>.</p><p>Il concerto propone anche musiche di giovani autori emiliani e si chiude con una conversazione tra la compositrice e il pubblico.</p><ul><li>Ingresso libero fino a esaurimento posti</li><li>Prenotazione consigliata</li></ul>",
    descriptionEng:
      "<p>On Saturday 9 March at 9 pm, <strong>Ensemble Meridiana</strong> and soprano <strong>Sara Lombardi</strong> give the world premiere of the song cycle <em>«Songs of the Plain»</em>.</p><p>The programme also includes music by young composers from Emilia and ends with a conversation between the composer and the audience.</p><ul><li>Free admission while seats last</li><li>Booking recommended</li></ul>",
    attachments: ["Programma di sala.pdf"],
  },
  {
    title: "Candidatura per la migliore colonna sonora",
    titleEng: "Nominated for best score",
    category: "Premi",
    date: "2024-04-22",
    description:
      "<p>La colonna sonora de <strong>«Le stanze di Adele»</strong> è candidata come miglior colonna sonora ai Premi della Critica Cinematografica Emiliana.</p><p>«È una partitura nata in silenzio, quasi sottovoce» racconta Elena Marchetti. «Sono felice che un lavoro così intimo sia stato ascoltato con tanta attenzione.» La cerimonia di premiazione si terrà a Modena a fine maggio.</p>",
    descriptionEng:
      "<p>The score for <strong>«Adele's Rooms»</strong> has been nominated for best score at the Emilian Film Critics' Awards.</p><p>“It is a score that was born in silence, almost in a whisper,” says Elena Marchetti. “I'm delighted that such an intimate piece of work has been listened to so closely.” The award ceremony will take place in Modena at the end of May.</p>",
    attachments: [],
  },
  {
    title: "«Sale d'acqua» arriva a Venezia",
    titleEng: "«Salt Waters» comes to Venice",
    category: "Eventi",
    date: "2024-06-14",
    description:
      "<p>Dal 14 giugno al 29 settembre l'installazione sonora <strong>«Sale d'acqua»</strong> è ospitata in un antico magazzino del sale affacciato sul canale della Giudecca.</p><p>Trentadue altoparlanti sospesi sopra vasche d'acqua salata trasformano in suono le variazioni della marea, raccolte in tempo reale da una piccola stazione di misura in laguna. Il visitatore attraversa lo spazio al buio, guidato soltanto dall'ascolto.</p><p>Orari: da martedì a domenica, dalle 10 alle 19. Informazioni e biglietti.</p>",
    descriptionEng:
      "<p>From 14 June to 29 September the sound installation <strong>«Salt Waters»</strong> is hosted in an old salt warehouse overlooking the Giudecca canal.</p><p>Thirty-two speakers hanging above tanks of salt water turn the changes of the tide, captured in real time by a small measuring station in the lagoon, into sound. Visitors walk through the space in the dark, guided only by listening.</p><p>Opening hours: Tuesday to Sunday, 10 am to 7 pm. Information and tickets.</p>",
    attachments: ["Scheda tecnica.pdf", "Cartella stampa.pdf", "Mappa del percorso.pdf"],
  },
  {
    title: "Nebbia su Ferrara: la colonna sonora completa in vinile",
    titleEng: "Fog over Ferrara: the complete score on vinyl",
    category: "Uscite",
    date: "2024-09-05",
    description:
      "<p>Suono &amp; immagine: per la prima volta le musiche delle due stagioni di <strong>«Nebbia su Ferrara»</strong> sono riunite in un doppio vinile pubblicato da Nebbia Records.</p><p>L'edizione comprende ventidue brani, tra cui il tema per violoncello solo che accompagna ogni episodio, e un libretto con fotografie di scena e note della compositrice.</p><ul><li>Doppio LP, tiratura limitata di 500 copie</li><li>Download digitale incluso</li></ul>",
    descriptionEng:
      "<p>Sound &amp; picture: for the first time the music of both seasons of <strong>«Fog over Ferrara»</strong> is collected on a double vinyl released by Nebbia Records.</p><p>The edition includes twenty-two cues, among them the solo cello theme heard in every episode, and a booklet with set photographs and notes by the composer.</p><ul><li>Double LP, limited edition of 500 copies</li><li>Digital download included</li></ul>",
    attachments: ["Tracklist.pdf"],
  },
  {
    title: "Masterclass: comporre per le immagini",
    titleEng: "Masterclass: composing for picture",
    category: "Eventi",
    date: "2024-10-30",
    description:
      "<p>Elena Marchetti terrà una masterclass di due giornate dedicata alla composizione per il cinema e la serialità televisiva, rivolta a studenti di conservatorio e giovani compositori.</p><p>Si lavorerà su scene reali: dallo <em>spotting</em> con la regia alla consegna dei materiali per il missaggio, passando per la scrittura dei temi, l'orchestrazione e l'uso dell'elettronica.</p><p>Posti disponibili: 16. Le domande di partecipazione vanno inviate entro il 20 novembre.</p>",
    descriptionEng:
      "<p>Elena Marchetti will give a two-day masterclass on composing for film and television series, aimed at conservatory students and young composers.</p><p>Participants will work on real scenes: from the <em>spotting session</em> with the director to the delivery of stems for the mix, by way of theme writing, orchestration and the use of electronics.</p><p>Places available: 16. Applications must be sent by 20 November.</p>",
    attachments: ["Bando di partecipazione.pdf", "Modulo di iscrizione.pdf"],
  },
  {
    title: "Premio della critica per «Il giardino dei ciliegi»",
    titleEng: "Critics' prize for «The Cherry Orchard»",
    category: "Premi",
    date: "2024-12-12",
    description:
      "<p>Le musiche di scena de <strong>«Il giardino dei ciliegi»</strong> hanno ricevuto il premio della critica al festival <em>Teatri di Pianura</em>.</p><p>La giuria ha sottolineato «l'equilibrio tra il pianoforte in scena e gli ambienti sonori registrati, che restituiscono il tempo sospeso della casa e del frutteto».</p>",
    descriptionEng:
      "<p>The incidental music for <strong>«The Cherry Orchard»</strong> has won the critics' prize at the <em>Teatri di Pianura</em> festival.</p><p>The jury praised “the balance between the on-stage piano and the recorded soundscapes, which convey the suspended time of the house and the orchard”.</p>",
    attachments: [],
  },
  {
    title: "Echoes of Lumen: la colonna sonora del videogioco",
    titleEng: "Echoes of Lumen: the video game soundtrack",
    category: "Uscite",
    date: "2025-02-03",
    description:
      "<p>Con l'uscita di <strong>«Echoes of Lumen»</strong> è disponibile anche la colonna sonora originale: oltre un'ora di musica per sintetizzatori modulari, archi e voci.</p><p>Nel gioco la partitura è <em>adattiva</em>: ogni brano è scomposto in strati che si sovrappongono o si dissolvono a seconda delle scelte del giocatore, della luce e del ritmo dell'esplorazione. Per l'album le musiche sono state rimontate in forma di suite.</p>",
    descriptionEng:
      "<p>With the release of <strong>«Echoes of Lumen»</strong>, the original soundtrack is also out: more than an hour of music for modular synthesizers, strings and voices.</p><p>In the game the score is <em>adaptive</em>: each cue is split into layers that stack up or fade away depending on the player's choices, the light and the pace of exploration. For the album the music has been re-edited into suites.</p>",
    attachments: ["Comunicato stampa.pdf", "Press kit (EN).pdf"],
  },
  {
    title: "Perché ascoltare il silenzio",
    titleEng: "Why listen to silence",
    category: "Eventi",
    date: "2025-03-21",
    description:
      "<p>In occasione della Giornata mondiale della poesia, Elena Marchetti è ospite di un incontro pubblico dal titolo <strong>«Perché ascoltare il silenzio»</strong>.</p><p>Partendo dalle sue colonne sonore e dalle installazioni, la compositrice racconterà come il silenzio possa diventare materiale musicale: le pause tra le battute di un dialogo, il rumore di fondo di una stanza, la quiete di una campagna all'alba. L'incontro sarà accompagnato da ascolti guidati e da una breve esecuzione dal vivo al pianoforte.</p><p>Ingresso libero. L'incontro sarà trasmesso anche in diretta sul canale YouTube.</p>",
    descriptionEng:
      "<p>To mark World Poetry Day, Elena Marchetti is the guest of a public talk entitled <strong>«Why listen to silence»</strong>.</p><p>Starting from her film scores and installations, the composer will explain how silence can become musical material: the pauses between lines of dialogue, the background hum of a room, the stillness of the countryside at dawn. The talk will include guided listening and a short live performance at the piano.</p><p>Free admission. The talk will also be streamed live on the YouTube channel.</p>",
    attachments: [],
  },
  {
    title: "Festival Risonanze 2025: il programma",
    titleEng: "Risonanze Festival 2025: the programme",
    category: "Eventi",
    date: "2025-05-10",
    description:
      "<p>Torna a Ravenna il <strong>Festival Risonanze</strong>, che quest'anno dedica due serate alla musica di Elena Marchetti.</p><ul><li><strong>12 giugno</strong> – «Quaderno di Ravenna», Quartetto Aurelio</li><li><strong>14 giugno</strong> – «Risonanze» e altri brani per pianoforte e nastro, Marco Benassi</li><li><strong>15 giugno</strong> – incontro con la compositrice</li></ul><p>Il programma completo è disponibile sul sito del festival.</p>",
    descriptionEng:
      "<p>The <strong>Risonanze Festival</strong> returns to Ravenna, and this year it devotes two evenings to the music of Elena Marchetti.</p><ul><li><strong>12 June</strong> – «Ravenna Notebook», Quartetto Aurelio</li><li><strong>14 June</strong> – «Resonances» and other pieces for piano and tape, Marco Benassi</li><li><strong>15 June</strong> – meet the composer</li></ul><p>The full programme is available on the festival website.</p>",
    attachments: ["Programma Festival Risonanze 2025.pdf"],
  },
  {
    title: "Nebbia Records compie dieci anni",
    titleEng: "Nebbia Records turns ten",
    category: "Uscite",
    date: "2025-06-27",
    description:
      "<p>Dieci anni fa, in una cantina di via del Pratello a Bologna, nasceva <strong>Nebbia Records</strong>. Da allora l'etichetta ha pubblicato trentadue dischi, quasi tutti in vinile, dando spazio a musicisti elettronici, sound artist e compositori per il cinema.</p><p>Per festeggiare esce <em>«Nebbia 10»</em>, una raccolta con un brano inedito per ogni artista del catalogo, e a novembre si terrà a Milano un concerto con tutti gli artisti sullo stesso palco.</p>",
    descriptionEng:
      "<p>Ten years ago, in a basement in Via del Pratello in Bologna, <strong>Nebbia Records</strong> was born. Since then the label has released thirty-two records, nearly all on vinyl, giving space to electronic musicians, sound artists and film composers.</p><p>To celebrate, it is releasing <em>«Nebbia 10»</em>, a compilation with an unreleased track from every artist on the roster, and in November a concert in Milan will bring all the artists together on one stage.</p>",
    attachments: ["Comunicato stampa.pdf"],
  },
  {
    title: "Premio Sonora per la musica applicata",
    titleEng: "Sonora Prize for applied music",
    category: "Premi",
    date: "2025-09-08",
    description:
      "<p>Elena Marchetti ha ricevuto il <strong>Premio Sonora per la musica applicata</strong>, assegnato ogni anno a un compositore che si sia distinto nella musica per il cinema, il teatro e i nuovi media.</p><p>La motivazione ricorda «la capacità di far ascoltare i luoghi prima ancora di vederli» e cita in particolare l'installazione <em>«Sale d'acqua»</em> e la colonna sonora di <em>«Echoes of Lumen»</em>.</p>",
    descriptionEng:
      "<p>Elena Marchetti has received the <strong>Sonora Prize for applied music</strong>, awarded every year to a composer who has distinguished themselves in music for film, theatre and new media.</p><p>The citation praises “her ability to make us hear places before we even see them” and singles out the installation <em>«Salt Waters»</em> and the score of <em>«Echoes of Lumen»</em>.</p>",
    attachments: ["Motivazione della giuria.pdf"],
  },
  {
    title: "«Il fiume lento» in prima assoluta a Milano",
    titleEng: "«The Slow River» premieres in Milan",
    category: "Eventi",
    date: "2025-11-15",
    description:
      "<p>Il 15 novembre l'<strong>Orchestra Sinfonica di Milano</strong> e la violoncellista <strong>Giulia Ferri</strong> eseguono in prima assoluta il concerto per violoncello e orchestra <em>«Il fiume lento»</em>.</p><p>Il lavoro, in tre movimenti, segue il corso del Po dalla sorgente al delta: una lunga melodia del violoncello attraversa paesaggi orchestrali sempre più ampi, fino a perdersi nel suono dell'elettronica che chiude il brano. Il concerto sarà registrato dal vivo per una futura pubblicazione discografica.</p>",
    descriptionEng:
      "<p>On 15 November the <strong>Orchestra Sinfonica di Milano</strong> and cellist <strong>Giulia Ferri</strong> give the world premiere of the concerto for cello and orchestra <em>«The Slow River»</em>.</p><p>The three-movement work follows the course of the Po from its source to the delta: a long cello melody travels through ever wider orchestral landscapes, until it dissolves into the electronics that close the piece. The concert will be recorded live for a future release.</p>",
    attachments: ["Programma di sala.pdf", "Biglietteria.pdf"],
  },
  {
    title: "Officina Sonora: una nuova serie di vinili",
    titleEng: "Officina Sonora: a new vinyl series",
    category: "Uscite",
    date: "2026-01-20",
    description:
      "<p>Officina Sonora inaugura <strong>«Risonanze domestiche»</strong>, una serie di dischi in cui dodici artisti compongono soltanto con i suoni della propria casa: elettrodomestici, porte, tubature, voci dei vicini.</p><p>Il primo volume esce a febbraio in vinile da 10 pollici.</p>",
    descriptionEng:
      "<p>Officina Sonora launches <strong>«Domestic Resonances»</strong>, a series of records in which twelve artists compose using only the sounds of their own homes: appliances, doors, pipes, the neighbours' voices.</p><p>The first volume comes out in February on 10-inch vinyl.</p>",
    attachments: [],
  },
  {
    title: "In tour con l'Ensemble Meridiana",
    titleEng: "On tour with Ensemble Meridiana",
    category: "Eventi",
    date: "2026-03-12",
    description:
      "<p>Da marzo a maggio Elena Marchetti sarà in tour con l'<strong>Ensemble Meridiana</strong> per presentare dal vivo «Canti della pianura» e una selezione di musiche per il cinema riarrangiate per ensemble.</p><ul><li>14 marzo – Bologna</li><li>28 marzo – Torino</li><li>11 aprile – Lisbona</li><li>9 maggio – Berlino</li></ul><p>Le date sono in aggiornamento: seguite i canali social per le novità.</p>",
    descriptionEng:
      "<p>From March to May Elena Marchetti will be on tour with <strong>Ensemble Meridiana</strong>, performing «Songs of the Plain» live together with a selection of film music rearranged for ensemble.</p><ul><li>14 March – Bologna</li><li>28 March – Turin</li><li>11 April – Lisbon</li><li>9 May – Berlin</li></ul><p>More dates may be added: follow the social channels for updates.</p>",
    attachments: ["Calendario del tour.pdf"],
  },
  {
    title: "Due candidature per la musica per l'audiovisivo",
    titleEng: "Two nominations for music for film and TV",
    category: "Premi",
    date: "2026-05-04",
    description:
      "<p>Doppia candidatura per Elena Marchetti ai premi nazionali della musica per l'audiovisivo: nella categoria <strong>cinema</strong> per il cortometraggio d'animazione <em>«Vetro»</em> e nella categoria <strong>serialità</strong> per la miniserie <em>«Linea d'ombra»</em>.</p><p>I vincitori saranno annunciati a Roma il 19 giugno.</p>",
    descriptionEng:
      "<p>Elena Marchetti has received two nominations at the national awards for music for film and television: in the <strong>film</strong> category for the animated short <em>«Glass»</em> and in the <strong>series</strong> category for the miniseries <em>«Shadow Line»</em>.</p><p>The winners will be announced in Rome on 19 June.</p>",
    attachments: [],
  },
  {
    title: "Residenza artistica a Lisbona",
    titleEng: "Artist residency in Lisbon",
    category: "Eventi",
    date: "2026-07-02",
    description:
      "<p>Per tutto il mese di luglio Elena Marchetti è in residenza artistica a Lisbona, dove lavora a un nuovo ciclo di brani per voce, chitarra portoghese ed elettronica ispirato ai suoni del porto e del fiume Tago.</p><p>Al termine della residenza, il <strong>31 luglio</strong>, è previsto un concerto aperto al pubblico in cui verranno presentati i primi materiali del progetto, insieme a musicisti locali e a registrazioni raccolte in città durante il mese di lavoro.</p>",
    descriptionEng:
      "<p>Throughout July Elena Marchetti is on an artist residency in Lisbon, working on a new cycle of pieces for voice, Portuguese guitar and electronics inspired by the sounds of the harbour and the river Tagus.</p><p>At the end of the residency, on <strong>31 July</strong>, a public concert will present the first materials of the project, together with local musicians and recordings gathered around the city during the month.</p>",
    attachments: [],
  },
  {
    title: "In arrivo «Notturno urbano»",
    titleEng: "«Urban Nocturne» coming soon",
    category: "Uscite",
    date: "2026-10-09",
    description:
      "<p>Il 20 novembre esce <strong>«Notturno urbano»</strong>, il nuovo album orchestrale di Elena Marchetti: un poema sinfonico per orchestra ed elettronica dedicato a Milano di notte.</p><p>Il disco è stato registrato con l'Orchestra da camera Adriatica e missato in formato immersivo. È già possibile ascoltare il primo estratto sulle principali piattaforme digitali.</p>",
    descriptionEng:
      "<p><strong>«Urban Nocturne»</strong>, Elena Marchetti's new orchestral album, comes out on 20 November: a symphonic poem for orchestra and electronics devoted to Milan at night.</p><p>The album was recorded with the Orchestra da camera Adriatica and mixed in immersive audio. The first single is already available on the main streaming platforms.</p>",
    attachments: ["Comunicato stampa.pdf", "Copertina.jpg"],
  },
];

/**
 * Issue 36: the demo concerts. Past ones on their dates (the premieres agree with the catalogue's
 * `premiere` texts above); upcoming ones `daysAfterSeed` days after the seed runs, so a fresh data
 * folder always has concerts ahead. `time`: Rome's wall clock. `works`: demo compositions by title,
 * in programme order. `picture`: the seed draws one for it.
 */
export type DemoEvent = {
  title: string;
  titleEng: string;
  when: { date: string } | { daysAfterSeed: number };
  time: string;
  eventStatus?: "scheduled" | "cancelled" | "postponed" | "rescheduled";
  venue: string;
  /** One field for both languages: the city as it names itself (Lisboa, Berlin), as the venue is. */
  city: string;
  country: string;
  address: string;
  ticketUrl?: string;
  performers: string;
  description: string;
  descriptionEng: string;
  works: { title: string; premiere?: boolean }[];
  picture?: boolean;
};

export const demoEvents: DemoEvent[] = [
  {
    title: "«Quaderno di Ravenna» in prima assoluta",
    titleEng: "«Ravenna Notebook»: world premiere",
    when: { date: "2023-06-14" },
    time: "21:30",
    venue: "Basilica di San Vitale",
    city: "Ravenna",
    country: "IT",
    address: "Via San Vitale 17, 48121 Ravenna",
    ticketUrl: "https://www.ravennafestival.org/",
    performers: "Quartetto Aurelio",
    description:
      "<p>Per il <strong>Ravenna Festival</strong>, che lo ha commissionato, il <em>Quartetto Aurelio</em> presenta in prima assoluta il quartetto d'archi in quattro movimenti di Elena Marchetti, scritto per i mosaici della basilica e per la pineta.</p><p>In programma anche quartetti di Haydn e Britten.</p>",
    descriptionEng:
      "<p>For the <strong>Ravenna Festival</strong>, which commissioned it, the <em>Quartetto Aurelio</em> gives the world premiere of Elena Marchetti's four-movement string quartet, written for the basilica's mosaics and the pine forest.</p><p>The programme also includes quartets by Haydn and Britten.</p>",
    works: [{ title: "Quaderno di Ravenna", premiere: true }],
    picture: true,
  },
  {
    title: "Festival Risonanze: pianoforte e nastro",
    titleEng: "Risonanze Festival: piano and tape",
    when: { date: "2025-06-14" },
    time: "21:00",
    venue: "Teatro Alighieri",
    city: "Ravenna",
    country: "IT",
    address: "Via Mariani 2, 48121 Ravenna",
    ticketUrl: "https://www.teatroalighieri.org/",
    performers: "Marco Benassi, pianoforte",
    description:
      "<p>La seconda serata del <strong>Festival Risonanze</strong> dedicata a Elena Marchetti: Marco Benassi suona «Risonanze» e altri brani per pianoforte e nastro magnetico, con la regia del suono della compositrice.</p>",
    descriptionEng:
      "<p>The second evening of the <strong>Risonanze Festival</strong> devoted to Elena Marchetti: Marco Benassi plays «Resonances» and other pieces for piano and magnetic tape, with the composer at the sound desk.</p>",
    works: [{ title: "Risonanze" }],
  },
  {
    title: "«Il fiume lento» in prima assoluta",
    titleEng: "«The Slow River»: world premiere",
    when: { date: "2025-11-15" },
    time: "20:30",
    venue: "Auditorium di Milano",
    city: "Milano",
    country: "IT",
    address: "Largo Gustav Mahler, 20136 Milano",
    ticketUrl: "https://www.sinfonicadimilano.org/",
    performers: "Giulia Ferri, violoncello\nOrchestra Sinfonica di Milano\nChiara Vitali, direttrice",
    description:
      "<p>L'<strong>Orchestra Sinfonica di Milano</strong>, che lo ha commissionato, e la violoncellista <strong>Giulia Ferri</strong> eseguono in prima assoluta il concerto per violoncello e orchestra <em>«Il fiume lento»</em>, preceduto dal poema sinfonico «Notturno urbano».</p><p>Il concerto è registrato dal vivo per una futura pubblicazione discografica.</p>",
    descriptionEng:
      "<p>The <strong>Orchestra Sinfonica di Milano</strong>, which commissioned it, and cellist <strong>Giulia Ferri</strong> give the world premiere of the concerto for cello and orchestra <em>«The Slow River»</em>, preceded by the symphonic poem «Urban Nocturne».</p><p>The concert is recorded live for a future release.</p>",
    works: [{ title: "Notturno urbano" }, { title: "Il fiume lento", premiere: true }],
    picture: true,
  },
  {
    title: "Canti della pianura – Bologna",
    titleEng: "Songs of the Plain – Bologna",
    when: { date: "2026-03-14" },
    time: "21:00",
    venue: "Oratorio di San Filippo Neri",
    city: "Bologna",
    country: "IT",
    address: "Via Manzoni 5, 40121 Bologna",
    ticketUrl: "https://www.bolognafestival.it/",
    performers: "Sara Lombardi, soprano\nEnsemble Meridiana",
    description:
      "<p>Prima tappa del tour con l'<strong>Ensemble Meridiana</strong>: il ciclo «Canti della pianura» e una selezione di musiche per il cinema riarrangiate per ensemble.</p>",
    descriptionEng:
      "<p>First date of the tour with <strong>Ensemble Meridiana</strong>: the song cycle «Songs of the Plain» and a selection of film music rearranged for ensemble.</p>",
    works: [{ title: "Canti della pianura" }, { title: "Le stanze di Adele" }, { title: "Perché la notte" }],
  },
  {
    title: "Canti della pianura – Berlino",
    titleEng: "Songs of the Plain – Berlin",
    when: { date: "2026-05-09" },
    time: "20:00",
    venue: "Konzerthaus Berlin, Kleiner Saal",
    city: "Berlin",
    country: "DE",
    address: "Gendarmenmarkt, 10117 Berlin",
    ticketUrl: "https://www.konzerthaus.de/",
    performers: "Sara Lombardi, soprano\nEnsemble Meridiana",
    description:
      "<p>Ultima tappa del tour con l'<strong>Ensemble Meridiana</strong>, con il tema per violoncello di «Nebbia su Ferrara» in una nuova versione per ensemble.</p>",
    descriptionEng:
      "<p>The last date of the tour with <strong>Ensemble Meridiana</strong>, with the cello theme of «Fog over Ferrara» in a new version for ensemble.</p>",
    works: [{ title: "Canti della pianura" }, { title: "Nebbia su Ferrara" }],
  },
  {
    title: "Quaderno di Ravenna a Lisbona",
    titleEng: "Ravenna Notebook in Lisbon",
    when: { daysAfterSeed: 21 },
    time: "19:00",
    venue: "Centro Cultural de Belém, Pequeno Auditório",
    city: "Lisboa",
    country: "PT",
    address: "Praça do Império, 1449-003 Lisboa",
    ticketUrl: "https://www.ccb.pt/",
    performers: "Quartetto Aurelio\nMarco Benassi, pianoforte",
    description:
      "<p>Il <strong>Quartetto Aurelio</strong> porta a Lisbona «Quaderno di Ravenna»; nella seconda parte Marco Benassi suona «Risonanze» per pianoforte e nastro magnetico.</p>",
    descriptionEng:
      "<p>The <strong>Quartetto Aurelio</strong> brings «Ravenna Notebook» to Lisbon; in the second half Marco Benassi plays «Resonances» for piano and magnetic tape.</p>",
    works: [{ title: "Quaderno di Ravenna" }, { title: "Risonanze" }],
  },
  {
    title: "«Il fiume lento» a Parigi",
    titleEng: "«The Slow River» in Paris",
    when: { daysAfterSeed: 45 },
    time: "20:00",
    eventStatus: "cancelled",
    venue: "Maison de la Radio et de la Musique, Auditorium",
    city: "Paris",
    country: "FR",
    address: "116 avenue du Président Kennedy, 75016 Paris",
    ticketUrl: "https://www.maisondelaradioetdelamusique.fr/",
    performers: "Giulia Ferri, violoncello\nOrchestre de chambre de la Seine",
    description:
      "<p>Il concerto è <strong>annullato</strong> per un'indisposizione della solista. I biglietti acquistati saranno rimborsati dalla biglietteria della sala; una nuova data sarà annunciata appena possibile.</p>",
    descriptionEng:
      "<p>The concert is <strong>cancelled</strong> owing to the soloist's illness. Tickets will be refunded by the hall's box office; a new date will be announced as soon as possible.</p>",
    works: [{ title: "Il fiume lento" }],
  },
  {
    title: "La tempesta a Ferrara",
    titleEng: "The Tempest in Ferrara",
    when: { daysAfterSeed: 80 },
    time: "21:00",
    venue: "Teatro Comunale Claudio Abbado, Ridotto",
    city: "Ferrara",
    country: "IT",
    address: "Corso Martiri della Libertà 5, 44121 Ferrara",
    ticketUrl: "https://www.teatrocomunaleferrara.it/",
    performers: "Trio Burrasca",
    description:
      "<p>Il <strong>Trio Burrasca</strong> torna nel teatro dove ha eseguito per la prima volta la suite da «La tempesta», con un nuovo arrangiamento del tema di «Perché la notte».</p>",
    descriptionEng:
      "<p>The <strong>Trio Burrasca</strong> returns to the theatre where it first played the suite from «The Tempest», with a new arrangement of the theme from «Perché la notte».</p>",
    works: [{ title: "La tempesta – suite" }, { title: "Perché la notte" }],
  },
];
