# driverprobe.py cuinit|nvml|version: ask the driver's own libraries, inside a
# real-world root, what a CUDA program would be told, and print it in their
# words: the result code with the names and strings the libraries give for
# it.  Exit status 0 when the call succeeded, 1 when it returned an error,
# 2 when the library could not be loaded (the loader's message printed).
import ctypes
import sys


def cuinit():
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError as e:
        print(e)
        return 2
    r = cuda.cuInit(0)
    name, text = ctypes.c_char_p(), ctypes.c_char_p()
    cuda.cuGetErrorName(r, ctypes.byref(name))
    cuda.cuGetErrorString(r, ctypes.byref(text))
    print("cuInit(0) returned %d: %s: %s" % (
        r, (name.value or b"?").decode(), (text.value or b"?").decode()))
    return 0 if r == 0 else 1


def version():
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError as e:
        print(e)
        return 2
    v = ctypes.c_int(0)
    r = cuda.cuDriverGetVersion(ctypes.byref(v))
    print("cuDriverGetVersion returned %d: %d (CUDA %d.%d)" % (
        r, v.value, v.value // 1000, v.value % 1000 // 10))
    return 0 if r == 0 else 1


def nvml():
    try:
        lib = ctypes.CDLL("libnvidia-ml.so.1")
    except OSError as e:
        print(e)
        return 2
    r = lib.nvmlInit_v2()
    lib.nvmlErrorString.restype = ctypes.c_char_p
    print("nvmlInit_v2() returned %d: %s" % (
        r, (lib.nvmlErrorString(r) or b"?").decode()))
    return 0 if r == 0 else 1


sys.exit({"cuinit": cuinit, "nvml": nvml, "version": version}[sys.argv[1]]())
