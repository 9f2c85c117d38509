// The Swift runtime of a statically linked Linux program reads the program's arguments from
// /proc/self/cmdline, so where /proc is not mounted (a bare chroot, some sandboxes) routelint
// would see none and lint the current directory instead of the paths it was given. glibc calls
// the functions of .init_array with argc, argv and envp before main: the capture hands them to
// the runtime's documented override, which CommandLine.arguments reads first.
#if defined(__linux__)
extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

static void captureArguments(int argc, char **argv, char **envp) {
    (void)envp;
    _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
}

__attribute__((section(".init_array"), used))
static void (*const captureArgumentsAtLoad)(int, char **, char **) = captureArguments;
#endif
