// The app's web font (Inter), as its own stylesheet: pages rendered ahead load it once they have
// painted (load-web-font.ts), so their first paint does not wait for, or share the line with, a
// 49 KB font file.
import '@fontsource-variable/inter';
