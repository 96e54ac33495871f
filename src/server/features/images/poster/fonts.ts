import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A font bundled with the app (the @expo-google-fonts packages), never a system font: CI and servers
 * are fresh machines. `name` is what Pango looks up: the family plus its weight or style.
 */
export interface PosterFont {
  name: string;
  file: string;
}

const bundled = (name: string, path: string): PosterFont => ({ name, file: require.resolve(`@expo-google-fonts/${path}`) });

export const FONTS = {
  interMedium: bundled("Inter Medium", "inter/500Medium/Inter_500Medium.ttf"),
  interSemiBold: bundled("Inter Semi-Bold", "inter/600SemiBold/Inter_600SemiBold.ttf"),
  interExtraBold: bundled("Inter Ultra-Bold", "inter/800ExtraBold/Inter_800ExtraBold.ttf"),
  interBlack: bundled("Inter Heavy", "inter/900Black/Inter_900Black.ttf"),
  playfairBold: bundled("Playfair Display Bold", "playfair-display/700Bold/PlayfairDisplay_700Bold.ttf"),
  playfairItalic: bundled("Playfair Display Italic", "playfair-display/400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf"),
  playfairRegular: bundled("Playfair Display", "playfair-display/400Regular/PlayfairDisplay_400Regular.ttf"),
  bebas: bundled("Bebas Neue", "bebas-neue/400Regular/BebasNeue_400Regular.ttf"),
  pacifico: bundled("Pacifico", "pacifico/400Regular/Pacifico_400Regular.ttf"),
  spaceGroteskBold: bundled("Space Grotesk Bold", "space-grotesk/700Bold/SpaceGrotesk_700Bold.ttf"),
  spaceGroteskMedium: bundled("Space Grotesk Medium", "space-grotesk/500Medium/SpaceGrotesk_500Medium.ttf"),
  caveatBold: bundled("Caveat Bold", "caveat/700Bold/Caveat_700Bold.ttf"),
  caveatMedium: bundled("Caveat Medium", "caveat/500Medium/Caveat_500Medium.ttf"),
} as const;
