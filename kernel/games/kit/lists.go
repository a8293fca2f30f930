package kit

// NonNil makes an empty list write as [] rather than null in JSON.
func NonNil(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}
