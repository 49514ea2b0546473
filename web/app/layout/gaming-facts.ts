/** Facts for the footer (spec: "a footer shows a random gaming fact"). Checked against public sources. */
export const GAMING_FACTS = [
  'Mario first appeared in Donkey Kong (1981), where he was simply called "Jumpman".',
  'Pac-Man was released in Japan in 1980 under the name "Puck Man".',
  'Nintendo was founded in 1889 in Kyoto as a maker of hanafuda playing cards.',
  'Tetris was created by Alexey Pajitnov in 1984 at the Soviet Academy of Sciences in Moscow.',
  'The Magnavox Odyssey, released in 1972, was the first commercial home video game console.',
  'Spacewar!, written in 1962 on a PDP-1 at MIT, is one of the earliest digital computer games.',
  'The Konami Code (up, up, down, down, left, right, left, right, B, A) first appeared in the NES version of Gradius in 1986.',
  'Minecraft is the best-selling video game of all time, with more than 300 million copies sold.',
  'The PlayStation 2 is the best-selling home console ever, with more than 155 million units sold.',
  'In 2014, excavators dug up Atari cartridges, including E.T. the Extra-Terrestrial, buried in a landfill in Alamogordo, New Mexico.',
  'Warren Robinett hid his name in a secret room of Adventure (Atari 2600, 1980), one of the first video game Easter eggs.',
  'The Nintendo Entertainment System was released in Japan in 1983 as the Family Computer, or Famicom.',
  "Sonic the Hedgehog debuted in 1991; his blue colour was chosen to match Sega's logo.",
  'Pokémon Red and Green were released in Japan in February 1996.',
  'In North America, the original Game Boy (1989) came bundled with Tetris.',
  'A Game Boy damaged in a bombing during the Gulf War still worked, and was displayed at the Nintendo store in New York.',
  "Pong, released by Atari in 1972, was the company's first arcade hit.",
  'Koji Kondo composed the music of Super Mario Bros. (1985), one of the most recognised themes in gaming.',
  "Combos in Street Fighter II (1991) began as an unintended side effect of the game's timing, which the developers chose to keep.",
  "Lara Croft's original name during the development of Tomb Raider was Laura Cruz.",
] as const;

export function randomGamingFact(random: () => number = Math.random): string {
  return GAMING_FACTS[Math.floor(random() * GAMING_FACTS.length)];
}
