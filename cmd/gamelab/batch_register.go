package main

// temporary until main lists commands: the batch commands are plain values
// now, and main.go (changed on another branch) will name them itself.
func init() {
	register(polygonCommand)
	register(coinsCommand)
	register(lifelineCommand)
}
