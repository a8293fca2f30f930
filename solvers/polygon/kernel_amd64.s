#include "textflag.h"

// func mulBlocks8(a, b, c, d *int64, blocks int, acc *[16]int64)
// For k < 8*blocks: acc[0:8] = lane-wise min of a*c, a*d, b*c, b*d and
// acc[8:16] the max (AVX-512F/DQ: VPMULLQ, VPMINSQ, VPMAXSQ), products
// taken modulo 2^64 (the caller proved they cannot overflow).
TEXT ·mulBlocks8(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ c+16(FP), R8
	MOVQ d+24(FP), R9
	MOVQ blocks+32(FP), CX
	MOVQ acc+40(FP), AX
	VMOVDQU64 (AX), Z6
	VMOVDQU64 64(AX), Z7
	XORQ BX, BX
	TESTQ CX, CX
	JZ mdone
mloop:
	VMOVDQU64 (SI)(BX*8), Z0
	VMOVDQU64 (DI)(BX*8), Z1
	VMOVDQU64 (R8)(BX*8), Z2
	VMOVDQU64 (R9)(BX*8), Z3
	VPMULLQ Z2, Z0, Z4
	VPMULLQ Z3, Z0, Z5
	VPMULLQ Z2, Z1, Z8
	VPMULLQ Z3, Z1, Z9
	VPMINSQ Z5, Z4, Z10
	VPMINSQ Z9, Z8, Z11
	VPMINSQ Z11, Z10, Z10
	VPMINSQ Z10, Z6, Z6
	VPMAXSQ Z5, Z4, Z12
	VPMAXSQ Z9, Z8, Z13
	VPMAXSQ Z13, Z12, Z12
	VPMAXSQ Z12, Z7, Z7
	ADDQ $8, BX
	DECQ CX
	JNZ mloop
mdone:
	VMOVDQU64 Z6, (AX)
	VMOVDQU64 Z7, 64(AX)
	VZEROUPPER
	RET

// func addBlocks8(a, b, c, d *int64, blocks int, acc *[16]int64)
// As mulBlocks8 for '+': acc[0:8] = min of a+c, acc[8:16] = max of b+d.
TEXT ·addBlocks8(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ c+16(FP), R8
	MOVQ d+24(FP), R9
	MOVQ blocks+32(FP), CX
	MOVQ acc+40(FP), AX
	VMOVDQU64 (AX), Z6
	VMOVDQU64 64(AX), Z7
	XORQ BX, BX
	TESTQ CX, CX
	JZ adone
aloop:
	VMOVDQU64 (SI)(BX*8), Z0
	VMOVDQU64 (DI)(BX*8), Z1
	VPADDQ (R8)(BX*8), Z0, Z4
	VPADDQ (R9)(BX*8), Z1, Z5
	VPMINSQ Z4, Z6, Z6
	VPMAXSQ Z5, Z7, Z7
	ADDQ $8, BX
	DECQ CX
	JNZ aloop
adone:
	VMOVDQU64 Z6, (AX)
	VMOVDQU64 Z7, 64(AX)
	VZEROUPPER
	RET

// func subBlocks8(a, b, c, d *int64, blocks int, acc *[16]int64)
// As mulBlocks8 for '-': acc[0:8] = min of a-d, acc[8:16] = max of b-c
// (Go's operand order: VPSUBQ y, x, z is z = x - y).
TEXT ·subBlocks8(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ c+16(FP), R8
	MOVQ d+24(FP), R9
	MOVQ blocks+32(FP), CX
	MOVQ acc+40(FP), AX
	VMOVDQU64 (AX), Z6
	VMOVDQU64 64(AX), Z7
	XORQ BX, BX
	TESTQ CX, CX
	JZ sdone
sloop:
	VMOVDQU64 (SI)(BX*8), Z0
	VMOVDQU64 (DI)(BX*8), Z1
	VPSUBQ (R9)(BX*8), Z0, Z4
	VPSUBQ (R8)(BX*8), Z1, Z5
	VPMINSQ Z4, Z6, Z6
	VPMAXSQ Z5, Z7, Z7
	ADDQ $8, BX
	DECQ CX
	JNZ sloop
sdone:
	VMOVDQU64 Z6, (AX)
	VMOVDQU64 Z7, 64(AX)
	VZEROUPPER
	RET
