# fish completion for cudnn-setup.
#
# Commands, each command's options, the CUDA and cuDNN versions the
# manifest knows (--cuda, --cudnn), the envs doctor finds (--env) and the
# releases a prefix holds (use, remove, env) are asked from the program
# itself (`cudnn-setup __complete WHAT`), with the --root, --manifest and
# --prefix given so far on the line: they follow the program installed.

# the program's words for WHAT, one a line
function __cudnn_setup_ask
    set -l tok (commandline -opc)
    set -l pass
    set -l n (count $tok)
    for i in (seq 2 $n)
        switch $tok[$i]
            case --root --manifest --prefix
                if test $i -lt $n
                    set -a pass $tok[$i] $tok[(math $i + 1)]
                end
        end
    end
    $tok[1] $pass __complete $argv 2>/dev/null
end

# the command on the line: the first word not an option or its value
function __cudnn_setup_cmd
    set -l tok (commandline -opc)
    set -l skip 0
    for t in $tok[2..-1]
        if test $skip = 1
            set skip 0
            continue
        end
        switch $t
            case --root --manifest --mirror --cache --jobs --env --prefix \
                --cuda --cudnn --for --shell --lock-wait --timeout \
                --deadline --memlimit
                set skip 1
            case '-*'
            case '*'
                echo $t
                return 0
        end
    end
    return 1
end

# is the word before the cursor one of these options (its value comes)?
function __cudnn_setup_prev
    set -l tok (commandline -opc)
    contains -- $tok[-1] $argv
end

# does a value come at the cursor (the word before takes one)?
function __cudnn_setup_value
    __cudnn_setup_prev --root --manifest --mirror --cache --jobs --env \
        --prefix --cuda --cudnn --for --shell --lock-wait --timeout \
        --deadline --memlimit
end

# is the cursor on an option, not on a value?
function __cudnn_setup_opt
    string match -q -- '-*' (commandline -ct)
    and not __cudnn_setup_value
end

# on a word (a command or an argument), not on a value?
function __cudnn_setup_word
    not string match -q -- '-*' (commandline -ct)
    and not __cudnn_setup_value
end

function __cudnn_setup_cmd_is
    contains -- (__cudnn_setup_cmd) $argv
end

complete -c cudnn-setup -f
complete -c cudnn-setup -n '__cudnn_setup_opt' \
    -a '(__cudnn_setup_ask options (__cudnn_setup_cmd))'
complete -c cudnn-setup -n '__cudnn_setup_word; and not __cudnn_setup_cmd' \
    -a '(__cudnn_setup_ask commands)'
complete -c cudnn-setup -n '__cudnn_setup_word; and __cudnn_setup_cmd_is help' \
    -a '(__cudnn_setup_ask commands)'
complete -c cudnn-setup \
    -n '__cudnn_setup_word; and __cudnn_setup_cmd_is use remove env' \
    -a '(__cudnn_setup_ask releases)'
complete -c cudnn-setup -n '__cudnn_setup_prev --cuda' \
    -a '(__cudnn_setup_ask cuda) none'
complete -c cudnn-setup -n '__cudnn_setup_prev --cudnn' \
    -a '(__cudnn_setup_ask cudnn) none'
complete -c cudnn-setup -n '__cudnn_setup_prev --env' \
    -a '(__cudnn_setup_ask envs)'
complete -c cudnn-setup -n '__cudnn_setup_prev --shell' -a 'sh fish'
complete -c cudnn-setup -n '__cudnn_setup_prev --jobs' -a '1 2 4 8 16'
complete -c cudnn-setup -n '__cudnn_setup_prev --lock-wait' \
    -a 'none 10 60 600'
complete -c cudnn-setup -n '__cudnn_setup_prev --root --prefix --cache' \
    -a '(__fish_complete_directories (commandline -ct))'
complete -c cudnn-setup -n '__cudnn_setup_prev --manifest' -F
