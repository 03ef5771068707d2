/*
 * ptx.h - verify's GPU kernel as PTX text, JIT-compiled by the driver for
 * whatever GPU it finds, so that no compiler is needed on the machine.
 *
 * y[i] = fma(a, x[i], y[i]) for i < n, one thread per element: the answer
 * is known bit for bit (fma.rn.f32 rounds once, like C's fmaf).
 *
 * PTX ISA 2.3 for .target sm_20 is the lowest pair that CUDA 13.0's ptxas
 * still assembles (2.3 is the first ISA with .address_size 64; cvta.to
 * needs sm_20) and it assembles for every target that ptxas lists, sm_75
 * to sm_121 (tests/sys/verify-ptx.sh checks each one).  PTX is forward
 * compatible: a driver JIT-compiles a lower target for a newer GPU.
 */
#ifndef CDS_PTX_H
#define CDS_PTX_H

#define CDS_PTX_KERNEL "cds_saxpy"
#define CDS_PTX_BLOCK 256

static const char cds_ptx_saxpy[] =
	".version 2.3\n"
	".target sm_20\n"
	".address_size 64\n"
	"\n"
	".visible .entry cds_saxpy(\n"
	"\t.param .u64 p_y,\n"
	"\t.param .u64 p_x,\n"
	"\t.param .f32 p_a,\n"
	"\t.param .u32 p_n\n"
	")\n"
	"{\n"
	"\t.reg .pred %p<2>;\n"
	"\t.reg .b32 %r<6>;\n"
	"\t.reg .f32 %f<4>;\n"
	"\t.reg .b64 %rd<8>;\n"
	"\n"
	"\tld.param.u64 %rd1, [p_y];\n"
	"\tld.param.u64 %rd2, [p_x];\n"
	"\tld.param.f32 %f1, [p_a];\n"
	"\tld.param.u32 %r1, [p_n];\n"
	"\tmov.u32 %r2, %ctaid.x;\n"
	"\tmov.u32 %r3, %ntid.x;\n"
	"\tmov.u32 %r4, %tid.x;\n"
	"\tmad.lo.u32 %r5, %r2, %r3, %r4;\n"
	"\tsetp.ge.u32 %p1, %r5, %r1;\n"
	"\t@%p1 bra DONE;\n"
	"\tcvta.to.global.u64 %rd3, %rd1;\n"
	"\tcvta.to.global.u64 %rd4, %rd2;\n"
	"\tmul.wide.u32 %rd5, %r5, 4;\n"
	"\tadd.s64 %rd6, %rd3, %rd5;\n"
	"\tadd.s64 %rd7, %rd4, %rd5;\n"
	"\tld.global.f32 %f2, [%rd7];\n"
	"\tld.global.f32 %f3, [%rd6];\n"
	"\tfma.rn.f32 %f3, %f1, %f2, %f3;\n"
	"\tst.global.f32 [%rd6], %f3;\n"
	"DONE:\n"
	"\tret;\n"
	"}\n";

#endif /* CDS_PTX_H */
