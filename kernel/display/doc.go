// Package display draws gamelab's pictures: the polygon ring, the row of
// coins, the Life Line triangle and simple charts, each as Unicode text for a
// terminal and as SVG for Jupyter. It takes plain data (strings and small
// ints), so it depends on no solver and no engine.
package display
