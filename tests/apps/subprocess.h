#pragma once

// Runs the built binaries as child processes, the way an operator or a script does.

#include "gequ/wiring/config.h"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace gequ::apps::test {

/// Environment variables for a child that ignores whatever GEQU_* the test runner has exported: every known key
/// is set to its default, then `overrides` (keys like "data.dir") apply; the keys in `leave` get no variable (so a
/// --config file can set them).
std::map<std::string, std::string> isolatedEnv(const std::map<std::string, std::string>& overrides,
                                               const std::vector<std::string>& leave = {});

struct RunResult {
    int status = -1;
    std::string out;
    std::string err;
};

/// Runs `program args` in `dir` with `env`, captures stdout and stderr, and kills it after `timeoutSeconds`.
RunResult runProgram(const std::string& program, const std::vector<std::string>& args, const std::string& dir,
                     const std::map<std::string, std::string>& env, int timeoutSeconds = 60);

/// A long-running child (the server): stdout readable line by line, stderr collected in the background, killed
/// with SIGKILL by a watchdog after `timeoutSeconds` or on destruction if still running.
class Child {
public:
    Child(const std::string& program, const std::vector<std::string>& args, const std::string& dir,
          const std::map<std::string, std::string>& env, int timeoutSeconds = 60);
    ~Child();
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    /// The next line of stdout; false at end of output.
    bool readLine(std::string& line);
    /// Sends a signal.
    void signal(int signo);
    /// The process id.
    int pid() const;
    /// Waits for the exit and returns the status (the exit code, or 256 + signal when killed).
    int wait();
    /// What the child wrote to stderr so far (complete after wait()).
    std::string err();

private:
    Poco::Pipe _outPipe;
    Poco::Pipe _errPipe;
    std::unique_ptr<Poco::ProcessHandle> _handle;
    std::unique_ptr<Poco::PipeInputStream> _out;
    std::thread _errReader;
    std::thread _watchdog;
    std::mutex _mutex;
    std::condition_variable _done;
    bool _exited = false;
    int _status = -1;
    std::string _err;
};

} // namespace gequ::apps::test
